import type { SearchFareClass, SearchFlight } from '@uniquair/contract/search';
import type { FlightInfo } from '@uniquair/contract/flight';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { farePriceWithBags } from '../bags.ts';
import { CannotCarry, PriceBreakdown } from './price-breakdown.tsx';
import { useIntl, type IntlShape } from 'react-intl';
import { useFlightInfo } from '../../../lib/search/get-flight-info.ts';
import type { Money } from '../hooks/use-money.ts';
import styles from './flight-card.module.css';

export interface FareOptionsProps {
  readonly flight: SearchFlight;
  readonly hash: string;
  readonly chosenFare: string | null;
  readonly seats: number;
  /** Checked bags per passenger: prices are all-in with them. */
  readonly bags?: BagCount;
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
  bags = 0,
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
          const allIn = farePriceWithBags(fare, bags);
          const each = allIn ?? fare.price;
          return (
            <li key={fare.letter} className={styles.fare}>
              <div className={styles.fareText}>
                <strong>{name}</strong>
                <span>
                  <PriceBreakdown fare={fare} bags={bags} currency={resultCurrency} money={money}>
                    {intl.formatMessage(
                      { id: 'search.fare.price' },
                      { price: price(each), total: price(each * seats), seats },
                    )}
                  </PriceBreakdown>
                </span>
                {allIn === null ? <CannotCarry bags={bags} /> : null}
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
