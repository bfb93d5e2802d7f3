import type { SearchFareClass } from '@uniquair/contract/search';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { memo, useId, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { FlightRow } from '../flight-rows.ts';
import type { Money } from '../hooks/use-money.ts';
import { CarrierBadge } from './carrier-badge.tsx';
import { FareOptions } from './fare-options.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';
import { FlightDetails } from './flight-details.tsx';
import { formatDuration, formatLocalTime } from './flight-format.ts';
import styles from './flight-card.module.css';
import { Icon } from '../../../components/ui/icon.tsx';

/** Seats left at which a fare's scarcity is pointed out. */
const FEW_SEATS = 5;

interface CardText {
  readonly departure: string;
  readonly arrival: string;
  readonly duration: string;
  readonly stops: string;
  readonly price: string;
  /** The times as a sentence, for assistive technology. */
  readonly times: string;
  /** The designators of the airlines flown, each once, in the order flown. */
  readonly carriers: readonly string[];
  /** Their names as a list ('Uniquair, Eurovela'). */
  readonly airlines: string;
  /** Notes for a self-transfer and a change of airport at a stop; null when they do not apply. */
  readonly selfTransfer: string | null;
  readonly airportChange: string | null;
}

const textCache = new WeakMap<FlightRow, { intl: IntlShape; money: Money; text: CardText }>();

/**
 * A card's formatted texts, worked out once per row, language and currency: a card that comes
 * back into the list (a filter undone) does not format anything again.
 */
function cardText(row: FlightRow, intl: IntlShape, money: Money, resultCurrency: string): CardText {
  const cached = textCache.get(row);
  if (cached && cached.intl === intl && cached.money === money) return cached.text;
  const { flight } = row;
  const first = flight.segments[0];
  const last = flight.segments.at(-1);
  const via = flight.segments.slice(0, -1).map((segment) => segment.to);
  const airlines = new Map(
    flight.segments.map((segment) => [segment.carrier, segment.carrierName] as const),
  );
  const changesAirport = flight.segments.some(
    (segment, index) => index > 0 && flight.segments[index - 1]?.to !== segment.from,
  );
  const departure = first ? formatLocalTime(intl, first.departureLocal) : '';
  const arrival = last ? formatLocalTime(intl, last.arrivalLocal) : '';
  const text: CardText = {
    departure,
    arrival,
    times: intl.formatMessage(
      { id: 'search.flight.times' },
      { departure, arrival, days: row.arrivalDayOffset },
    ),
    duration: formatDuration(intl, flight.duration),
    stops:
      flight.stops === 0
        ? intl.formatMessage({ id: 'search.flight.direct' })
        : intl.formatMessage(
            { id: 'search.flight.stops' },
            { count: flight.stops, airports: intl.formatList(via) },
          ),
    price: money.show(row.cheapestPrice, resultCurrency),
    carriers: [...airlines.keys()],
    airlines: intl.formatList([...airlines.values()], { type: 'unit', style: 'short' }),
    selfTransfer: flight.selfTransfer
      ? intl.formatMessage({ id: 'search.flight.selfTransfer' })
      : null,
    airportChange: changesAirport
      ? intl.formatMessage({ id: 'search.flight.airportChangeNote' })
      : null,
  };
  textCache.set(row, { intl, money, text });
  return text;
}

export interface FlightCardProps {
  readonly row: FlightRow;
  readonly legIndex: number;
  /** The search the flight belongs to (for its fare conditions). */
  readonly hash: string;
  /** The chosen fare class letter, when this flight is the leg's choice. */
  readonly chosenFare: string | null;
  /** Seats to buy: adults and children. */
  readonly seats: number;
  /** Checked bags per passenger: prices are all-in with them. */
  readonly bags?: BagCount;
  readonly resultCurrency: string;
  readonly money: Money;
  readonly onChoose: (legIndex: number, flightId: string, fare: SearchFareClass) => void;
}

/**
 * One flight of the results: local departure and arrival times, travel time, stops, airlines,
 * flight numbers and the lowest fare per adult, with a note for a self-transfer or a change of
 * airport; 'Flight details' opens the flights and layovers of a connection, 'See fares' the fare
 * classes to choose from. Memoised: a filter change re-renders only the cards that appear.
 */
export const FlightCard = memo(function FlightCard({
  row,
  legIndex,
  hash,
  chosenFare,
  seats,
  bags = 0,
  resultCurrency,
  money,
  onChoose,
}: FlightCardProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const faresId = useId();
  const detailsId = useId();
  const detailsToggleId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const { flight, cheapest } = row;
  const first = flight.segments[0];
  const last = flight.segments.at(-1);
  if (!first || !last) return null;
  const {
    departure,
    arrival,
    duration,
    stops,
    price,
    times,
    carriers,
    airlines,
    selfTransfer,
    airportChange,
  } = cardText(row, intl, money, resultCurrency);
  const chosen =
    chosenFare === null ? null : flight.fareClasses.find((f) => f.letter === chosenFare);
  const fareName = (fare: SearchFareClass) =>
    intl.formatMessage(
      { id: 'search.fare.name' },
      {
        cabin: intl.formatMessage({ id: `search.cabin.${fare.cabin}` }),
        letter: fare.letter,
      },
    );

  return (
    <li className={styles.card} data-chosen={chosen ? true : undefined}>
      <div className={styles.main}>
        <h3 className={styles.times}>
          <span aria-hidden="true">
            {departure}
            <span className={styles.arrow}> → </span>
            {arrival}
            {row.arrivalDayOffset > 0 ? (
              <sup className={styles.dayOffset}>+{intl.formatNumber(row.arrivalDayOffset)}</sup>
            ) : null}
          </span>
          <span className="visually-hidden">{times}</span>
        </h3>
        <p className={styles.route}>
          <span>
            {first.from} – {last.to}
          </span>
          <span>{duration}</span>
          <span>{stops}</span>
        </p>
        <p className={styles.carriers}>
          {carriers.map((carrier) => (
            <CarrierBadge key={carrier} carrier={carrier} />
          ))}
          <span className={styles.airlines}>{airlines}</span>
          <span className={styles.numbers}>
            {flight.segments.map((segment) => segment.flightNumber).join(' · ')}
          </span>
        </p>
        {[selfTransfer, airportChange].map((warning) =>
          warning ? (
            <p key={warning} className={styles.warning}>
              <Icon name="alert" />
              {warning}
            </p>
          ) : null,
        )}
        {flight.segments.length > 1 ? (
          <>
            <button
              id={detailsToggleId}
              type="button"
              className={styles.detailsToggle}
              aria-expanded={detailsOpen}
              aria-controls={detailsId}
              aria-label={intl.formatMessage({ id: 'search.flight.detailsFor' }, { departure })}
              onClick={() => setDetailsOpen((value) => !value)}
            >
              {intl.formatMessage({ id: 'search.flight.details' })}
              <Icon name="chevronDown" />
            </button>
            <div id={detailsId} className={styles.details} hidden={!detailsOpen}>
              {detailsOpen ? <FlightDetails row={row} labelledBy={detailsToggleId} /> : null}
            </div>
          </>
        ) : null}
      </div>
      <div className={styles.side}>
        <p className={styles.price}>
          <strong>
            <PriceBreakdown fare={cheapest} bags={bags} currency={resultCurrency} money={money}>
              {price}
            </PriceBreakdown>
          </strong>
          <span className={styles.perAdult}>
            {intl.formatMessage({ id: 'search.flight.perAdult' })}
          </span>
        </p>
        {cheapest.seatsLeft < FEW_SEATS ? (
          <p className={styles.scarce}>
            {intl.formatMessage({ id: 'search.flight.seatsLeft' }, { count: cheapest.seatsLeft })}
          </p>
        ) : null}
        {chosen ? (
          <p className={styles.chosen}>
            <Icon name="check" />
            {intl.formatMessage({ id: 'search.flight.chosen' }, { fare: fareName(chosen) })}
          </p>
        ) : null}
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={faresId}
          aria-label={intl.formatMessage(
            {
              id: open
                ? 'search.flight.hideFaresFor'
                : chosen
                  ? 'search.flight.changeFor'
                  : 'search.flight.seeFaresFor',
            },
            { departure },
          )}
          onClick={() => setOpen((value) => !value)}
        >
          {intl.formatMessage({
            id: open
              ? 'search.flight.hideFares'
              : chosen
                ? 'search.flight.change'
                : 'search.flight.seeFares',
          })}
        </button>
      </div>
      <div id={faresId} className={styles.fares} hidden={!open}>
        {open ? (
          <FareOptions
            flight={flight}
            hash={hash}
            chosenFare={chosenFare}
            seats={seats}
            bags={bags}
            resultCurrency={resultCurrency}
            money={money}
            fareName={fareName}
            fewSeats={FEW_SEATS}
            onChoose={(fare) => {
              setOpen(false);
              toggle.current?.focus();
              onChoose(legIndex, flight.id, fare);
            }}
          />
        ) : null}
      </div>
    </li>
  );
});
