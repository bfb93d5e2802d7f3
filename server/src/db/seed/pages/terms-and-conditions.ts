import type { PageContent } from './page-content.ts';
import { SUPPORT_EMAIL } from './page-content.ts';

const en: PageContent = {
  slug: 'terms-and-conditions',
  locale: 'en',
  title: 'Terms and conditions',
  body: `These terms apply to every booking made on Uniquair, on the web or in the installed app. Please read them before you pay: by completing a booking you accept them on behalf of yourself and everyone travelling with you.

## 1. Who we are and what we do

Uniquair is an online travel service. We search the schedules and fares of our partner airlines, show you the flights that match your trip, take your booking and payment, and ask the airline to issue your tickets. The flight itself is operated by the airline shown next to each flight number, and the airline's conditions of carriage apply on board and at the airport.

## 2. Searching and prices

- Prices are shown per passenger and include all taxes and charges known at the time of the search. The total shown on the payment page is the amount you pay.
- Fares are limited. The cheapest fare classes sell out first, and prices usually rise as a flight fills up and as the departure date approaches.
- If the price changes between choosing your flights and paying, we tell you the new amount before anything is charged — you decide whether to continue. If a flight sells out in the meantime, we tell you that it is no longer available and nothing is charged.
- You can display prices in your preferred currency. We charge in US dollars, euros or pounds sterling; any other display currency is charged in US dollars, and your bank may apply its own conversion.

## 3. Passengers

- Every booking needs at least one adult. An infant under two travels on an adult's lap, and there can be no more infants than adults.
- Names must be entered exactly as they appear in the passport or national identity card used for the trip. A wrong name can mean being refused boarding, and a name change after ticketing is usually not possible.
- You are responsible for valid travel documents, visas and health requirements for every country on your itinerary, including countries you only change planes in.

## 4. Booking and payment

Your booking is confirmed when the payment has been authorised and the airline has issued the tickets. We reserve your seats for 15 minutes while you pay; if the payment is not completed in that time, the seats are released. You receive a booking reference (a seven-character PNR) and your e-tickets by e-mail, and you can always find them under **My bookings**.

We accept credit and debit cards and, where shown, PayPal, Trustly and Silk Pay. Card details go directly to our payment provider and are never stored by Uniquair. Your bank may ask you to confirm the payment (3-D Secure).

## 5. Changes, cancellations and refunds

Each fare has its own rules, shown with the fare before you book. Low fares (classes Q and M) are generally non-refundable and can only be changed for a fee plus any fare difference; flexible fares (B and Y, and business class J) can be changed or refunded as their rules allow. Taxes and airport charges of an unused ticket are always refundable on request.

To change or cancel, open your booking under **My bookings**: **Change a flight** lists the flights you can move to with what the change costs, and **Cancel booking** shows what the fare rules give back before you confirm. For anything else choose **Get help with this booking**, or write to ${SUPPORT_EMAIL}. Refunds are paid to the original payment method, normally within 14 days of the airline releasing the funds.

## 6. Baggage and check-in

Baggage allowances depend on the airline and the fare class and are shown with each flight. Check-in opens online 24 to 48 hours before departure on the airline's own website. Arrive at the airport in good time: at least two hours before a domestic or short international flight and three hours before a long-haul flight.

## 7. Disruptions

If the airline cancels, reschedules or significantly delays your flight, we will let you know as soon as we hear from the airline — by e-mail and, if you allowed it, by a browser notification — and help you with the alternatives and refunds the airline offers. Your rights to care and compensation under passenger-rights rules such as Regulation (EC) No 261/2004 are against the operating airline; we will pass on your claim on request.

## 8. Liability

We are responsible for booking your trip correctly and for passing on your payment and requests. We are not responsible for the airline's performance of the flight. Nothing in these terms limits any liability that cannot be limited by law.

## 9. Complaints and applicable law

If something went wrong, contact us through a support ticket and we will reply within two working days. These terms are governed by the law of Ireland; if you are a consumer, you also keep the protection of the mandatory law of the country where you live.`,
};

const de: PageContent = {
  slug: 'terms-and-conditions',
  locale: 'de',
  title: 'Allgemeine Geschäftsbedingungen',
  body: `Diese Bedingungen gelten für jede Buchung bei Uniquair, im Browser ebenso wie in der installierten App. Bitte lesen Sie sie vor der Zahlung: Mit dem Abschluss der Buchung akzeptieren Sie sie für sich und alle Mitreisenden.

## 1. Wer wir sind und was wir tun

Uniquair ist ein Online-Reisedienst. Wir durchsuchen Flugpläne und Tarife unserer Partnerfluggesellschaften, zeigen Ihnen passende Flüge, nehmen Ihre Buchung und Zahlung entgegen und veranlassen die Ausstellung Ihrer Tickets durch die Fluggesellschaft. Den Flug selbst führt die Fluggesellschaft durch, die neben der Flugnummer angegeben ist; an Bord und am Flughafen gelten ihre Beförderungsbedingungen.

## 2. Suche und Preise

- Preise gelten pro Person und enthalten alle zum Zeitpunkt der Suche bekannten Steuern und Gebühren. Der Gesamtbetrag auf der Zahlungsseite ist der Betrag, den Sie zahlen.
- Tarife sind begrenzt. Die günstigsten Buchungsklassen sind zuerst ausverkauft, und die Preise steigen in der Regel, je voller ein Flug ist und je näher der Abflug rückt.
- Ändert sich der Preis zwischen der Flugauswahl und der Zahlung, nennen wir Ihnen den neuen Betrag, bevor etwas belastet wird – Sie entscheiden, ob Sie fortfahren. Ist ein Flug inzwischen ausverkauft, teilen wir Ihnen mit, dass er nicht mehr verfügbar ist; es wird nichts belastet.
- Sie können Preise in Ihrer bevorzugten Währung anzeigen. Belastet wird in US-Dollar, Euro oder britischen Pfund; jede andere Anzeigewährung wird in US-Dollar belastet, und Ihre Bank kann eigene Umrechnungskosten berechnen.

## 3. Reisende

- Jede Buchung braucht mindestens einen Erwachsenen. Kleinkinder unter zwei Jahren reisen auf dem Schoß eines Erwachsenen; es darf nicht mehr Kleinkinder als Erwachsene geben.
- Namen müssen genau so eingegeben werden, wie sie im Reisepass oder Personalausweis für die Reise stehen. Ein falscher Name kann zur Verweigerung der Beförderung führen, und eine Namensänderung nach der Ticketausstellung ist meist nicht möglich.
- Sie sind für gültige Reisedokumente, Visa und Gesundheitsvorschriften aller Länder Ihrer Reise verantwortlich, auch für Länder, in denen Sie nur umsteigen.

## 4. Buchung und Zahlung

Ihre Buchung ist bestätigt, sobald die Zahlung autorisiert ist und die Fluggesellschaft die Tickets ausgestellt hat. Während Sie zahlen, halten wir Ihre Plätze 15 Minuten lang für Sie frei; wird die Zahlung in dieser Zeit nicht abgeschlossen, werden die Plätze wieder freigegeben. Sie erhalten einen Buchungscode (eine siebenstellige PNR) und Ihre E-Tickets per E-Mail und finden beides jederzeit unter **Meine Buchungen**.

Wir akzeptieren Kredit- und Debitkarten sowie, wo angezeigt, PayPal, Trustly und Silk Pay. Kartendaten gehen direkt an unseren Zahlungsdienstleister und werden von Uniquair nie gespeichert. Ihre Bank kann Sie bitten, die Zahlung zu bestätigen (3-D Secure).

## 5. Änderungen, Stornierungen und Erstattungen

Jeder Tarif hat eigene Regeln, die vor der Buchung beim Tarif angezeigt werden. Günstige Tarife (Klassen Q und M) sind in der Regel nicht erstattbar und nur gegen eine Gebühr zuzüglich einer etwaigen Tarifdifferenz änderbar; flexible Tarife (B und Y sowie Business Class J) können nach ihren Regeln geändert oder erstattet werden. Steuern und Flughafengebühren eines nicht genutzten Tickets werden auf Antrag immer erstattet.

Für Änderungen oder Stornierungen öffnen Sie Ihre Buchung und wählen **Support-Ticket eröffnen**, oder schreiben Sie an ${SUPPORT_EMAIL}. Erstattungen gehen an das ursprüngliche Zahlungsmittel, normalerweise innerhalb von 14 Tagen, nachdem die Fluggesellschaft den Betrag freigegeben hat.

## 6. Gepäck und Check-in

Die Freigepäckmenge hängt von Fluggesellschaft und Buchungsklasse ab und wird bei jedem Flug angezeigt. Der Online-Check-in öffnet 24 bis 48 Stunden vor Abflug auf der Website der Fluggesellschaft. Seien Sie rechtzeitig am Flughafen: mindestens zwei Stunden vor Inlands- und Kurzstreckenflügen, drei Stunden vor Langstreckenflügen.

## 7. Unregelmäßigkeiten

Annulliert die Fluggesellschaft Ihren Flug, verlegt sie ihn oder verspätet er sich erheblich, informieren wir Sie, sobald wir davon erfahren – per E-Mail und, falls Sie es erlaubt haben, per Browser-Benachrichtigung – und helfen Ihnen mit den Alternativen und Erstattungen, die die Fluggesellschaft anbietet. Ansprüche auf Betreuung und Ausgleichsleistungen nach Fluggastrechten wie der Verordnung (EG) Nr. 261/2004 richten sich gegen die ausführende Fluggesellschaft; auf Wunsch leiten wir Ihren Anspruch weiter.

## 8. Haftung

Wir haften für die korrekte Buchung Ihrer Reise und die Weiterleitung Ihrer Zahlung und Anliegen. Für die Durchführung des Fluges durch die Fluggesellschaft haften wir nicht. Eine gesetzlich nicht beschränkbare Haftung bleibt unberührt.

## 9. Beschwerden und anwendbares Recht

Wenn etwas schiefgegangen ist, wenden Sie sich über ein Support-Ticket an uns; wir antworten innerhalb von zwei Werktagen. Es gilt irisches Recht; als Verbraucherin oder Verbraucher behalten Sie zusätzlich den Schutz der zwingenden Vorschriften des Landes, in dem Sie leben.`,
};

export const TERMS_AND_CONDITIONS: readonly PageContent[] = [en, de];
