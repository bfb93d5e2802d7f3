import type { Currency } from '@uniquair/contract/data';
import type { Money } from '@uniquair/contract/booking';
import { PassengerType } from '@uniquair/domain/config/reference-ids';
import { internationalPhone, parsePhone } from '@uniquair/domain/forms/phone-number';
import type { Passengers } from '@uniquair/domain/search/passengers';
import { convertAmount } from '@uniquair/domain/pricing/currency';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../components/booking/format-money.ts';
import { ChargeCurrencyRule, PriceLines } from '../../../components/booking/price-lines.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { extraKey, type FlowState } from '../flow-state.ts';
import { chargeLine, extrasTotal, faresTotal, shownPrice } from '../pricing.ts';
import type { TripOffer } from '../trip-offer.ts';
import type { FlowView } from '../flow-views.ts';
import { cityOf, formatLocalDate, formatLocalTime, legName } from './leg-format.ts';
import { passengerLabels } from './passengers-view.tsx';
import { FlowActions, useFlowIntl } from './flow-form.tsx';
import styles from './choose-flow.module.css';

/** Why the last booking attempt did not go through, as the summary shows it. */
export type BookingProblem =
  | { readonly kind: 'priceIncreased'; readonly newTotal: Money }
  | { readonly kind: 'unavailable'; readonly leg: number }
  | { readonly kind: 'expired' }
  | { readonly kind: 'offline' }
  | { readonly kind: 'failed' };

export interface SummaryViewProps {
  readonly state: FlowState;
  readonly offer: TripOffer;
  readonly passengerCounts: Passengers;
  readonly countryNames: ReadonlyMap<string, string>;
  readonly titleNames: ReadonlyMap<number, string>;
  readonly phoneCode: string;
  readonly selected: Currency;
  readonly currencies: readonly Currency[];
  /** The search results page of the trip, to choose other flights. */
  readonly resultsPath: string;
  readonly pending: boolean;
  readonly problem: BookingProblem | null;
  readonly onEdit: (view: FlowView) => void;
  readonly onBook: (acceptedTotal?: Money) => void;
  readonly onBack: () => void;
}

/** The contact's phone as written across borders ('+49 30 1234567'). */
function writtenPhone(phoneCode: string, typed: string): string {
  const phone = parsePhone(typed, phoneCode);
  return phone.ok ? internationalPhone(phone.phoneCode, phone.phone) : `+${phoneCode} ${typed}`;
}

/** Everything about to be booked, the total, and Book. */
export function SummaryView({
  state,
  offer,
  passengerCounts,
  countryNames,
  titleNames,
  phoneCode,
  selected,
  currencies,
  resultsPath,
  pending,
  problem,
  onEdit,
  onBook,
  onBack,
}: SummaryViewProps) {
  const { intl, say, cityName } = useFlowIntl();
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const labels = passengerLabels(state.passengers, say);
  const fares = faresTotal(offer, passengerCounts);
  const extras = extrasTotal(offer, state.extras);
  const total = fares + extras;
  const inSelected = (amount: number, currency: string): string => {
    const from = currencies.find((entry) => entry.code === currency);
    if (!from || currency === selected.code) return formatMoney(intl, amount, currency);
    try {
      return formatMoney(intl, convertAmount(amount, from, selected), selected.code);
    } catch {
      return formatMoney(intl, amount, currency);
    }
  };
  const shown = shownPrice({ fares, extras }, offer.currency, selected, currencies);
  const charge = chargeLine(total, offer.currency, selected, currencies);
  const seats = passengerCounts.adults + passengerCounts.children;

  return (
    <div className={styles.form}>
      <section className={styles.card} aria-labelledby="summary-flights">
        <h2 id="summary-flights" className={styles.cardHeading}>
          {say('flow.summary.flights')}
        </h2>
        <ol className={styles.plainList}>
          {offer.legs.map((leg) => {
            const { conditions, baggage } = leg.fare;
            return (
              <li key={leg.index} className={styles.leg}>
                <h3 className={styles.legHeading}>{legName(intl, offer, leg, cityName)}</h3>
                <ul className={styles.plainList}>
                  {leg.flight.segments.map((segment) => (
                    <li key={`${segment.flightNumber}-${segment.departureUtc}`}>
                      {say('flow.summary.segment', {
                        flight: segment.flightNumber,
                        carrier: segment.carrierName,
                        from: cityOf(offer, segment.from, cityName),
                        fromCode: segment.from,
                        departure: `${formatLocalDate(intl, segment.departureLocal.slice(0, 10))} ${formatLocalTime(intl, segment.departureLocal)}`,
                        to: cityOf(offer, segment.to, cityName),
                        toCode: segment.to,
                        arrival: `${formatLocalDate(intl, segment.arrivalLocal.slice(0, 10))} ${formatLocalTime(intl, segment.arrivalLocal)}`,
                      })}
                    </li>
                  ))}
                </ul>
                <p>
                  {say('flow.summary.fare', {
                    cabin: say(
                      leg.fare.cabin === 'business' ? 'flow.cabin.business' : 'flow.cabin.economy',
                    ),
                    letter: leg.fare.letter,
                    price: inSelected(leg.fare.price, offer.currency),
                    seats,
                  })}
                </p>
                <ul className={styles.conditions}>
                  <li>
                    {conditions.refundable
                      ? conditions.refundFee
                        ? say('search.fare.refundFee', {
                            fee: inSelected(conditions.refundFee, offer.currency),
                          })
                        : say('search.fare.refundable')
                      : say('search.fare.nonRefundable')}
                  </li>
                  <li>
                    {conditions.changeable
                      ? conditions.changeFee
                        ? say('search.fare.changeFee', {
                            fee: inSelected(conditions.changeFee, offer.currency),
                          })
                        : say('search.fare.freeChanges')
                      : say('search.fare.noChanges')}
                  </li>
                  <li>
                    {say('search.fare.cabinBags', {
                      count: baggage.cabin.pieces,
                      kg: baggage.cabin.weightKg,
                    })}
                  </li>
                  <li>
                    {say('search.fare.checkedBags', {
                      count: baggage.checked.pieces,
                      kg: baggage.checked.weightKg,
                    })}
                  </li>
                </ul>
              </li>
            );
          })}
        </ol>
      </section>

      <section className={styles.card} aria-labelledby="summary-passengers">
        <h2 id="summary-passengers" className={styles.cardHeading}>
          {say('flow.view.passengers')}
        </h2>
        <ul className={styles.plainList}>
          {state.passengers.map((passenger, index) => (
            <li key={index}>
              <strong>
                {labels[index]}: {titleNames.get(Number(passenger.titleId)) ?? ''}{' '}
                {passenger.firstName} {passenger.lastName}
              </strong>
              <br />
              {say('flow.summary.passenger', {
                birthDate: passenger.birthDate
                  ? formatLocalDate(intl, passenger.birthDate, true)
                  : '',
                nationality: countryNames.get(passenger.nationality) ?? passenger.nationality,
                document: say(
                  passenger.documentTypeId === '2'
                    ? 'flow.document.nationalId'
                    : 'flow.document.passport',
                ),
                number: passenger.documentNumber.toUpperCase(),
                expiry: passenger.documentExpiry
                  ? formatLocalDate(intl, passenger.documentExpiry, true)
                  : '',
              })}
              {passenger.typeId !== PassengerType.infant
                ? offer.legs.map((leg) => {
                    const bags = state.extras[extraKey(leg.index, index)] ?? 0;
                    return bags > 0 ? (
                      <span key={leg.index}>
                        <br />
                        {say('flow.summary.bags', {
                          count: bags,
                          leg: legName(intl, offer, leg, cityName),
                        })}
                      </span>
                    ) : null;
                  })
                : null}
            </li>
          ))}
        </ul>
        <Button variant="text" onClick={() => onEdit('passengers')}>
          {say('flow.summary.editPassengers')}
        </Button>
      </section>

      <section className={styles.card} aria-labelledby="summary-contact">
        <h2 id="summary-contact" className={styles.cardHeading}>
          {say('flow.view.contact')}
        </h2>
        <p>
          {state.contact.firstName} {state.contact.lastName}
          <br />
          {state.contact.email}
          <br />
          {writtenPhone(phoneCode, state.contact.phone)}
        </p>
        <Button variant="text" onClick={() => onEdit('contact')}>
          {say('flow.summary.editContact')}
        </Button>
      </section>

      <section className={styles.card} aria-labelledby="summary-total">
        <h2 id="summary-total" className={styles.cardHeading}>
          {say('flow.summary.totalHeading')}
        </h2>
        <PriceLines {...shown} />
        <p className={styles.total}>
          {say('flow.summary.total', { price: formatMoney(intl, shown.total, shown.currency) })}
        </p>
        {charge ? (
          <>
            <p>
              {say('flow.summary.charged', {
                price: formatMoney(intl, charge.amount, charge.currency),
                currency: charge.currency,
              })}
            </p>
            <ChargeCurrencyRule shown={selected.code} charged={charge.currency} />
          </>
        ) : null}
        <p className={styles.muted}>{say('flow.summary.hold')}</p>
      </section>

      {problem ? (
        <div ref={problemRef} tabIndex={-1} role="alert" className={styles.problem}>
          {problem.kind === 'priceIncreased' ? (
            <>
              <p className={styles.problemHeading}>{say('flow.book.priceIncreased')}</p>
              <p>
                {say('flow.book.newTotal', {
                  price: formatMoney(intl, problem.newTotal.amount, problem.newTotal.currency),
                })}
              </p>
              <div className={styles.actions}>
                <Button loading={pending} onClick={() => onBook(problem.newTotal)}>
                  {say('flow.book.accept')}
                </Button>
                <Link to={resultsPath}>{say('flow.backToResults')}</Link>
              </div>
            </>
          ) : problem.kind === 'unavailable' ? (
            <>
              <p className={styles.problemHeading}>{say('flow.unavailable')}</p>
              {offer.legs[problem.leg] ? (
                <p>
                  {legName(
                    intl,
                    offer,
                    offer.legs[problem.leg] as (typeof offer.legs)[number],
                    cityName,
                  )}
                </p>
              ) : null}
              <Link to={resultsPath}>{say('flow.backToResults')}</Link>
            </>
          ) : problem.kind === 'expired' ? (
            <p className={styles.problemHeading}>{say('search.expired.title')}</p>
          ) : problem.kind === 'offline' ? (
            <p className={styles.problemHeading}>{say('flow.book.offline')}</p>
          ) : (
            <p className={styles.problemHeading}>{say('flow.book.failed')}</p>
          )}
        </div>
      ) : null}

      {pending ? (
        <p role="status" className={styles.status}>
          {say('flow.book.creating')}
        </p>
      ) : null}

      <FlowActions onBack={onBack}>
        {problem?.kind === 'priceIncreased' || problem?.kind === 'unavailable' ? null : (
          <Button loading={pending} onClick={() => onBook()}>
            {say('flow.book.book')}
          </Button>
        )}
      </FlowActions>
    </div>
  );
}
