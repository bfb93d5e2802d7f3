import type { SearchFareClass, SearchFlight } from '@uniquair/contract/search';
import type { FlightInfo } from '@uniquair/contract/flight';
import { useIntl, type IntlShape } from 'react-intl';
import { useFlightInfo } from '../../../lib/search/get-flight-info.ts';
import type { Money } from '../hooks/use-money.ts';
import styles from './flight-card.module.css';

export interface FareOptionsProps {
  readonly flight: SearchFlight;
  readonly hash: string;
  readonly chosenFare: string | null;
  readonly seats: number;
  readonly resultCurrency: string;
  readonly money: Money;
  readonly fareName: (fare: SearchFareClass) => string;
  readonly fewSeats: number;
  readonly onChoose: (fare: SearchFareClass) => void;
}

type InfoFare = FlightInfo['fareClasses'][number];

/** What a fare allows: refund, changes and baggage, from `GET /api/flight/info`. */
function conditionsOf(
  intl: IntlShape,
  fare: InfoFare,
  format: (amount: number) => string,
): string[] {
  const { conditions, baggage } = fare;
  return [
    conditions.refundable
      ? conditions.refundFee
        ? intl.formatMessage({ id: 'search.fare.refundFee' }, { fee: format(conditions.refundFee) })
        : intl.formatMessage({ id: 'search.fare.refundable' })
      : intl.formatMessage({ id: 'search.fare.nonRefundable' }),
    conditions.changeable
      ? conditions.changeFee
        ? intl.formatMessage({ id: 'search.fare.changeFee' }, { fee: format(conditions.changeFee) })
        : intl.formatMessage({ id: 'search.fare.freeChanges' })
      : intl.formatMessage({ id: 'search.fare.noChanges' }),
    intl.formatMessage(
      { id: 'search.fare.cabinBags' },
      { count: baggage.cabin.pieces, kg: baggage.cabin.weightKg },
    ),
    intl.formatMessage(
      { id: 'search.fare.checkedBags' },
      { count: baggage.checked.pieces, kg: baggage.checked.weightKg },
    ),
  ];
}

/**
 * The fare classes of a flight, cheapest first, each a button that chooses it for the leg; with
 * each fare's conditions and baggage once `GET /api/flight/info` has answered (choosing does not
 * wait for them).
 */
export function FareOptions({
  flight,
  hash,
  chosenFare,
  seats,
  resultCurrency,
  money,
  fareName,
  fewSeats,
  onChoose,
}: FareOptionsProps) {
  const intl = useIntl();
  const info = useFlightInfo(hash, [flight.id]);
  const infoFares = new Map(
    (info.data?.flights[0]?.fareClasses ?? []).map((fare) => [fare.letter, fare]),
  );
  const infoCurrency = info.data?.currency ?? resultCurrency;
  const price = (amount: number, from = resultCurrency) => money.show(amount, from);

  return (
    <div className={styles.fareList}>
      <ul aria-label={intl.formatMessage({ id: 'search.fare.listLabel' })}>
        {flight.fareClasses.map((fare) => {
          const chosen = fare.letter === chosenFare;
          const details = infoFares.get(fare.letter);
          const name = fareName(fare);
          return (
            <li key={fare.letter} className={styles.fare}>
              <div className={styles.fareText}>
                <strong>{name}</strong>
                <span>
                  {intl.formatMessage(
                    { id: 'search.fare.price' },
                    {
                      price: price(fare.price),
                      total: price(fare.price * seats),
                      seats,
                    },
                  )}
                </span>
                {fare.seatsLeft < fewSeats ? (
                  <span className={styles.scarce}>
                    {intl.formatMessage(
                      { id: 'search.flight.seatsLeft' },
                      { count: fare.seatsLeft },
                    )}
                  </span>
                ) : null}
                {details ? (
                  <ul className={styles.conditions}>
                    {conditionsOf(intl, details, (amount) => price(amount, infoCurrency)).map(
                      (text) => (
                        <li key={text}>{text}</li>
                      ),
                    )}
                  </ul>
                ) : info.isPending ? (
                  <span className={styles.muted}>
                    {intl.formatMessage({ id: 'search.fare.loading' })}
                  </span>
                ) : null}
              </div>
              <button
                type="button"
                className={styles.fareButton}
                aria-pressed={chosen}
                aria-label={intl.formatMessage(
                  { id: chosen ? 'search.fare.chosenNamed' : 'search.fare.chooseNamed' },
                  { fare: name },
                )}
                onClick={() => onChoose(fare)}
              >
                {intl.formatMessage({ id: chosen ? 'search.fare.chosen' : 'search.fare.choose' })}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
