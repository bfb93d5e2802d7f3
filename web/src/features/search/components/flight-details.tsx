import type { SearchSegment } from '@uniquair/contract/search';
import { useIntl, type IntlShape } from 'react-intl';
import { dayOffset, type FlightRow } from '../flight-rows.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { CarrierBadge } from './carrier-badge.tsx';
import { formatDuration, formatLocalTime } from './flight-format.ts';
import styles from './flight-card.module.css';

interface SegmentText {
  readonly kind: 'segment';
  readonly segment: SearchSegment;
  readonly departure: string;
  readonly arrival: string;
  /** Days after the journey's first departure date (0 the same day). */
  readonly departureDays: number;
  readonly arrivalDays: number;
  /** Times and airports as a sentence, for assistive technology. */
  readonly sentence: string;
  readonly inAir: string;
}

interface LayoverText {
  readonly kind: 'layover';
  /** Null when the times cannot be read. */
  readonly layover: string | null;
  /** Null when the next flight leaves from the airport the last one landed at. */
  readonly airportChange: string | null;
}

type DetailItem = SegmentText | LayoverText;

/** Minutes from one UTC instant to another; null when either cannot be read or they are reversed. */
function minutesBetween(fromUtc: string, toUtc: string): number | null {
  const minutes = Math.round((Date.parse(toUtc) - Date.parse(fromUtc)) / 60_000);
  return Number.isFinite(minutes) && minutes >= 0 ? minutes : null;
}

const detailsCache = new WeakMap<FlightRow, { intl: IntlShape; items: readonly DetailItem[] }>();

/** The flights of an itinerary and the stops between them, formatted once per row and language. */
function detailItems(row: FlightRow, intl: IntlShape): readonly DetailItem[] {
  const cached = detailsCache.get(row);
  if (cached && cached.intl === intl) return cached.items;
  const { segments } = row.flight;
  const start = segments[0]?.departureLocal ?? '';
  const onDay = (time: string, days: number) =>
    intl.formatMessage({ id: 'search.flight.timeDays' }, { time, days });
  const items: DetailItem[] = [];
  segments.forEach((segment, index) => {
    const previous = segments[index - 1];
    if (previous) {
      const minutes = minutesBetween(previous.arrivalUtc, segment.departureUtc);
      items.push({
        kind: 'layover',
        layover:
          minutes === null
            ? null
            : intl.formatMessage(
                { id: 'search.flight.layover' },
                { duration: formatDuration(intl, minutes), airport: previous.to },
              ),
        airportChange:
          previous.to === segment.from
            ? null
            : intl.formatMessage(
                { id: 'search.flight.airportChange' },
                { arrival: previous.to, departure: segment.from },
              ),
      });
    }
    const departure = formatLocalTime(intl, segment.departureLocal);
    const arrival = formatLocalTime(intl, segment.arrivalLocal);
    const departureDays = dayOffset(start, segment.departureLocal);
    const arrivalDays = dayOffset(start, segment.arrivalLocal);
    items.push({
      kind: 'segment',
      segment,
      departure,
      arrival,
      departureDays,
      arrivalDays,
      sentence: intl.formatMessage(
        { id: 'search.flight.segment' },
        {
          from: segment.from,
          to: segment.to,
          departure: onDay(departure, departureDays),
          arrival: onDay(arrival, arrivalDays),
        },
      ),
      inAir: intl.formatMessage(
        { id: 'search.flight.inAir' },
        { duration: formatDuration(intl, segment.duration) },
      ),
    });
  });
  detailsCache.set(row, { intl, items });
  return items;
}

export interface FlightDetailsProps {
  readonly row: FlightRow;
  /** The id of the control that shows the details: it names the list. */
  readonly labelledBy: string;
}

/**
 * The flights of an itinerary in order: times and airports, flight number, airline and time in
 * the air of each, and between two the layover, with a warning when the next flight leaves from
 * another airport; for a self-transfer, what a missed connection means.
 */
export function FlightDetails({ row, labelledBy }: FlightDetailsProps) {
  const intl = useIntl();
  const items = detailItems(row, intl);
  const plusDays = (days: number) =>
    days > 0 ? <sup className={styles.dayOffset}>+{intl.formatNumber(days)}</sup> : null;

  return (
    <>
      <ol className={styles.segments} aria-labelledby={labelledBy}>
        {items.map((item, index) =>
          item.kind === 'segment' ? (
            <li key={`segment-${index}`}>
              <p className={styles.segmentTimes} aria-hidden="true">
                {item.departure}
                {plusDays(item.departureDays)} {item.segment.from}
                <span className={styles.arrow}> → </span>
                {item.arrival}
                {plusDays(item.arrivalDays)} {item.segment.to}
              </p>
              <p className="visually-hidden">{item.sentence}</p>
              <p className={styles.segmentMeta}>
                <CarrierBadge carrier={item.segment.carrier} />
                {[item.segment.flightNumber, item.segment.carrierName, item.inAir].join(' · ')}
              </p>
            </li>
          ) : (
            <li key={`layover-${index}`} className={styles.layover}>
              {item.layover ? <p>{item.layover}</p> : null}
              {item.airportChange ? (
                <p className={styles.warning}>
                  <Icon name="alert" />
                  {item.airportChange}
                </p>
              ) : null}
            </li>
          ),
        )}
      </ol>
      {row.flight.selfTransfer ? (
        <p className={styles.muted}>
          {intl.formatMessage({ id: 'search.flight.selfTransferRisk' })}
        </p>
      ) : null}
    </>
  );
}
