import { useQueryClient } from '@tanstack/react-query';
import type { Money } from '@uniquair/contract/booking';
import type { Airport, Country, Title } from '@uniquair/contract/data';
import type { CurrentUser } from '@uniquair/contract/users';
import { ymdInTimeZone, type Ymd } from '@uniquair/domain/dates/ymd';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router';
import { EmptyState, Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { rememberedTrip } from '../../../lib/chosen-trip.ts';
import { useCurrency, useFormatPrice } from '../../../lib/currency.tsx';
import { rememberDeviceBooking } from '../../../lib/device-data.ts';
import { refreshPushSubscription } from '../../../lib/pwa/push.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import {
  savedPassengersQueryOptions,
  useSavedPassengers,
} from '../../../lib/get-saved-passengers.ts';
import {
  firstIncomplete,
  serverErrorsOf,
  startingPhoneCode,
  visitorCountry,
} from '../flow-checks.ts';
import { toBookerInput, toPassengerInput, type TripRules } from '../flow-forms.ts';
import {
  clearFlowState,
  readFlowState,
  tripFlowState,
  writeFlowState,
  type ContactDraft,
  type FlowState,
} from '../flow-state.ts';
import { flowViews, isFlowView, nextView, previousView, type FlowView } from '../flow-views.ts';
import { useTripOffer } from '../hooks/use-trip-offer.ts';
import { extrasInput } from '../pricing.ts';
import {
  chosenTripOf,
  offersExtras,
  travelDays,
  type ChosenTrip,
  type TripOffer,
} from '../trip-offer.ts';
import { ContactView } from './contact-view.tsx';
import { ExtrasView } from './extras-view.tsx';
import { FlowSteps, VIEW_NAMES } from './flow-steps.tsx';
import { formatLocalDate, legName } from './leg-format.ts';
import { PassengersView } from './passengers-view.tsx';
import { SummaryView, type BookingProblem } from './summary-view.tsx';
import { useFlowIntl } from './flow-form.tsx';
import styles from './choose-flow.module.css';

export interface ChooseFlowProps {
  /** The `{currentView}` of the URL; absent means the first view. */
  readonly currentView: string | undefined;
  readonly countries: readonly Country[];
  readonly titles: readonly Title[];
  readonly user: CurrentUser | null;
  /** The route network's airports: the one nearest the visitor's stored location names their country. */
  readonly airports?: readonly Airport[];
  /** Today where the traveller is (birth dates after it are refused). */
  readonly today?: Ymd;
}

/** `/choose/{currentView?}`: the booking flow for the trip chosen on the results page. */
export function ChooseFlow(props: ChooseFlowProps) {
  const intl = useIntl();
  const trip = useMemo(() => chosenTripOf(rememberedTrip()), []);
  if (!trip) {
    return (
      <Screen title={intl.formatMessage({ id: 'flow.title' })}>
        <EmptyState
          action={
            <Link className={screenStyles.action} to={paths.home.getHref()}>
              {intl.formatMessage({ id: 'nav.findFlights' })}
            </Link>
          }
        >
          {intl.formatMessage({ id: 'flow.noTrip' })}
        </EmptyState>
      </Screen>
    );
  }
  return <TripFlow {...props} trip={trip} />;
}

function TripFlow({
  trip,
  currentView,
  countries,
  titles,
  user,
  airports,
  today,
}: ChooseFlowProps & { readonly trip: ChosenTrip }) {
  const intl = useIntl();
  const offer = useTripOffer(trip);
  const title = intl.formatMessage({ id: 'flow.title' });

  if (offer.phase === 'checking') {
    return (
      <Screen title={title}>
        {offer.expired ? (
          <div role="status" className={styles.notice}>
            <p className={styles.problemHeading}>
              {intl.formatMessage({ id: 'search.expired.title' })}
            </p>
            <p>{intl.formatMessage({ id: 'search.expired.reloading' })}</p>
          </div>
        ) : null}
        <Spinner size={48} label={intl.formatMessage({ id: 'flow.checking' })} />
        {/* The spinner says it to assistive technology; this line is for the eye. */}
        <p aria-hidden="true">{intl.formatMessage({ id: 'flow.checking' })}</p>
      </Screen>
    );
  }
  if (offer.phase === 'unavailable' || offer.phase === 'failed') {
    return (
      <Screen title={title}>
        <div role="alert" className={styles.problem}>
          <p className={styles.problemHeading}>
            {intl.formatMessage({
              id:
                offer.phase === 'unavailable'
                  ? 'flow.unavailable'
                  : offer.offline
                    ? 'flow.book.offline'
                    : 'flow.checkFailed',
            })}
          </p>
          {offer.phase === 'unavailable' ? (
            <p>{unavailableLegText(intl, trip, offer.leg)}</p>
          ) : null}
        </div>
        <div className={styles.actions}>
          {offer.phase === 'failed' ? (
            <button type="button" className={screenStyles.action} onClick={offer.refresh}>
              {intl.formatMessage({ id: 'flow.retry' })}
            </button>
          ) : null}
          <Link to={trip.path}>{intl.formatMessage({ id: 'flow.backToResults' })}</Link>
        </div>
      </Screen>
    );
  }
  return (
    <ReadyFlow
      trip={trip}
      offer={offer.offer}
      refresh={offer.refresh}
      currentView={currentView}
      countries={countries}
      titles={titles}
      user={user}
      airports={airports}
      today={today}
    />
  );
}

function unavailableLegText(intl: ReturnType<typeof useIntl>, trip: ChosenTrip, leg: number) {
  const destination = trip.destinations[leg];
  return intl.formatMessage(
    { id: 'flow.unavailableLeg' },
    { number: leg + 1, date: destination ? formatLocalDate(intl, destination.date) : '' },
  );
}

function ReadyFlow({
  trip,
  offer,
  refresh,
  currentView,
  countries,
  titles,
  user,
  airports = [],
  today,
}: ChooseFlowProps & {
  readonly trip: ChosenTrip;
  readonly offer: TripOffer;
  readonly refresh: () => void;
}) {
  const { intl, say, cityName } = useFlowIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { currency, currencies } = useCurrency();
  const formatPrice = useFormatPrice();
  const [state, setState] = useState<FlowState>(() => tripFlowState(trip, offer, readFlowState()));
  const update = useCallback((patch: Partial<FlowState>) => {
    setState((previous) => {
      const next = { ...previous, ...patch };
      writeFlowState(next);
      return next;
    });
  }, []);
  const create = useCreateBooking();
  const [problem, setProblem] = useState<BookingProblem | null>(null);
  const saved = useSavedPassengers(user !== null);

  const days = travelDays(offer);
  const rules = useMemo<TripRules>(
    () => ({
      today: today ?? ymdInTimeZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone),
      firstTravelDate: days.first as Ymd,
      lastTravelDate: days.last as Ymd,
      countries: new Set(countries.map((country) => country.code)),
      formatDate: (date) => formatLocalDate(intl, date, true),
    }),
    [today, days.first, days.last, countries, intl],
  );
  const countryOptions = [...countries]
    .sort((a, b) => a.name.localeCompare(b.name, intl.locale))
    .map((country) => ({ value: country.code, label: country.name }));
  const phoneCodes = (() => {
    const byCode = new Map<string, string[]>();
    for (const country of [...countries].sort((a, b) =>
      a.name.localeCompare(b.name, intl.locale),
    )) {
      if (!country.phoneCode) continue;
      byCode.set(country.phoneCode, [...(byCode.get(country.phoneCode) ?? []), country.name]);
    }
    return [...byCode.entries()]
      .sort(([, a], [, b]) => (a[0] ?? '').localeCompare(b[0] ?? '', intl.locale))
      .map(([code, names]) => ({
        value: code,
        label: `${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''} (+${code})`,
      }));
  })();

  const views = flowViews(offersExtras(offer));
  const requested = currentView ?? 'passengers';
  const onPassengers = useCallback(
    (values: { passengers: FlowState['passengers']; savePassengers: boolean }) =>
      update({ passengers: values.passengers, savePassengers: values.savePassengers }),
    [update],
  );
  const onContact = useCallback((values: ContactDraft) => update({ contact: values }), [update]);
  const onPhoneCodeChosen = useCallback(() => update({ phoneCodeChosen: true }), [update]);

  if (!isFlowView(requested) || !views.includes(requested)) {
    return <Navigate to={paths.flow.getHref()} replace />;
  }
  const view: FlowView = requested;
  const incomplete = firstIncomplete(state, rules, say);
  if (incomplete !== null && views.indexOf(incomplete) < views.indexOf(view)) {
    return <Navigate to={paths.flow.getHref(incomplete)} replace />;
  }

  const goTo = (target: FlowView | null) => {
    if (target) void navigate(paths.flow.getHref(target));
  };
  const goNext = () => goTo(nextView(views, view));
  const goBack = () => {
    const previous = previousView(views, view);
    if (previous) goTo(previous);
  };

  const initialContact: ContactDraft = (() => {
    const contact = state.contact;
    const first = state.passengers[0];
    return {
      firstName: contact.firstName || user?.firstName || first?.firstName || '',
      lastName: contact.lastName || user?.lastName || first?.lastName || '',
      email: contact.email || user?.email || '',
      phoneCode: startingPhoneCode(state, visitorCountry(airports), countries),
      phone: contact.phone,
    };
  })();

  const book = (acceptedTotal?: Money) => {
    setProblem(null);
    create.mutate(
      {
        searchHash: offer.hash,
        selections: trip.destinations.map((destination, index) => ({
          destinationIndex: index,
          flightId: destination.flightId,
          fareClass: destination.fareClass,
        })),
        passengers: state.passengers.map(toPassengerInput),
        booker: toBookerInput(state.contact),
        extras: extrasInput(state.extras),
        savePassengers: user !== null && state.savePassengers,
        ...(acceptedTotal ? { acceptedTotal } : {}),
      },
      {
        onSuccess: (answer) => {
          rememberDeviceBooking({ pnr: answer.pnr, token: answer.deviceToken });
          // A browser that takes push notifications links its subscription to the new booking
          // now, so the booking's status pushes reach it. Best effort: paying does not wait on it.
          refreshPushSubscription(intl.locale).catch(() => undefined);
          clearFlowState();
          void queryClient.invalidateQueries({ queryKey: savedPassengersQueryOptions().queryKey });
          void navigate(paths.bookingPay.getHref(answer.pnr), { replace: true });
        },
        onError: (error) => {
          if (!isApiError(error)) return setProblem({ kind: 'failed' });
          if (error.isNetworkError) return setProblem({ kind: 'offline' });
          if (error.code === 'PRICE_INCREASED') {
            const [amount, code] = error.errors.newTotal ?? [];
            if (amount && code && /^\d+$/.test(amount)) {
              return setProblem({
                kind: 'priceIncreased',
                newTotal: { amount: Number(amount), currency: code },
              });
            }
            return setProblem({ kind: 'failed' });
          }
          if (error.code === 'FLIGHT_UNAVAILABLE') {
            const key = Object.keys(error.errors).find((entry) =>
              /^body\.selections\.\d+/.test(entry),
            );
            return setProblem({
              kind: 'unavailable',
              leg: key ? Number(/\d+/.exec(key)?.[0] ?? 0) : 0,
            });
          }
          if (error.status === 410 || error.code === 'SEARCH_EXPIRED') {
            setProblem({ kind: 'expired' });
            refresh();
            return;
          }
          if (error.code === 'VALIDATION_ERROR') {
            // A chosen flight the search no longer lists for its leg.
            const selection = Object.keys(error.errors)
              .map((key) => /^body\.selections\.(\d+)\.(flightId|fareClass)$/.exec(key))
              .find((match) => match !== null);
            if (selection?.[1]) {
              return setProblem({ kind: 'unavailable', leg: Number(selection[1]) });
            }
            const fields = serverErrorsOf(error.errors);
            const message = say('flow.error.serverField');
            const serverErrors = Object.fromEntries(
              Object.keys(fields).map((key) => [key, message]),
            );
            if (Object.keys(serverErrors).length > 0) {
              update({ serverErrors });
              const passengersWrong = Object.keys(serverErrors).some((key) =>
                key.startsWith('passengers.'),
              );
              goTo(passengersWrong ? 'passengers' : 'contact');
              return;
            }
          }
          setProblem({ kind: 'failed' });
        },
      },
    );
  };

  const viewName = say(VIEW_NAMES[view]);
  return (
    <Screen title={`${viewName} – ${say('flow.title')}`} heading={say('flow.title')}>
      <FlowSteps views={views} current={view} />
      <section className={styles.tripLine} aria-label={say('flow.trip')}>
        <ul className={styles.plainList}>
          {offer.legs.map((leg) => (
            <li key={leg.index}>{legName(intl, offer, leg, cityName)}</li>
          ))}
        </ul>
        <Link to={trip.path}>{say('flow.changeFlights')}</Link>
      </section>
      <h2 className={styles.viewHeading}>{viewName}</h2>
      {view === 'passengers' ? (
        <PassengersView
          state={state}
          rules={rules}
          titles={titles}
          countries={countryOptions}
          savedPassengers={user ? (saved.data?.passengers ?? []) : null}
          onChange={onPassengers}
          onNext={(values) => {
            update({
              passengers: values.passengers,
              savePassengers: values.savePassengers,
              serverErrors: Object.fromEntries(
                Object.entries(state.serverErrors).filter(
                  ([key]) => !key.startsWith('passengers.'),
                ),
              ),
            });
            goNext();
          }}
        />
      ) : view === 'contact' ? (
        <ContactView
          state={state}
          initial={initialContact}
          phoneCodes={phoneCodes}
          onChange={onContact}
          onPhoneCodeChosen={onPhoneCodeChosen}
          onNext={(values) => {
            update({
              contact: values,
              serverErrors: Object.fromEntries(
                Object.entries(state.serverErrors).filter(([key]) => !key.startsWith('booker.')),
              ),
            });
            goNext();
          }}
          onBack={goBack}
        />
      ) : view === 'extras' ? (
        <ExtrasView
          state={state}
          offer={offer}
          formatPrice={formatPrice}
          onChange={(extras) => update({ extras })}
          onNext={goNext}
          onBack={goBack}
        />
      ) : (
        <SummaryView
          state={state}
          offer={offer}
          passengerCounts={trip.passengers}
          countryNames={new Map(countries.map((country) => [country.code, country.name]))}
          titleNames={
            new Map([
              [1, say('passengerTitle.mr')],
              [2, say('passengerTitle.mrs')],
              [4, say('passengerTitle.infant')],
              [5, say('passengerTitle.child')],
              ...titles.map((entry) => [entry.id, entry.name] as [number, string]),
            ])
          }
          phoneCode={state.contact.phoneCode}
          selected={currency}
          currencies={currencies}
          resultsPath={trip.path}
          pending={create.isPending}
          problem={problem}
          onEdit={goTo}
          onBook={book}
          onBack={goBack}
        />
      )}
    </Screen>
  );
}
