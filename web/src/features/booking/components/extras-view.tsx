import { PassengerType } from '@uniquair/domain/config/reference-ids';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { extraKey, type FlowState } from '../flow-state.ts';
import type { TripOffer } from '../trip-offer.ts';
import { legName } from './leg-format.ts';
import { passengerLabels } from './passengers-view.tsx';
import { FlowActions, useFlowIntl } from './flow-form.tsx';
import styles from './choose-flow.module.css';

export interface ExtrasViewProps {
  readonly state: FlowState;
  readonly offer: TripOffer;
  readonly formatPrice: (amount: number, currency: string) => string;
  readonly onChange: (extras: Record<string, number>) => void;
  readonly onNext: () => void;
  readonly onBack: () => void;
}

/** Checked bags per leg and passenger (infants travel without), where the fare sells them. */
export function ExtrasView({
  state,
  offer,
  formatPrice,
  onChange,
  onNext,
  onBack,
}: ExtrasViewProps) {
  const { intl, say, cityName } = useFlowIntl();
  const labels = passengerLabels(state.passengers, say);
  const names = state.passengers.map((passenger, index) =>
    passenger.firstName.trim() !== ''
      ? `${passenger.firstName.trim()} ${passenger.lastName.trim()}`
      : (labels[index] ?? ''),
  );

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      {offer.legs.map((leg) => {
        const bag = leg.extras.find((extra) => extra.code === 'checked_bag');
        return (
          <fieldset key={leg.index} className={styles.card}>
            <legend className={styles.legend}>{legName(intl, offer, leg, cityName)}</legend>
            {bag ? (
              <>
                <p className={styles.muted}>
                  {say('flow.extras.bagPrice', {
                    price: formatPrice(bag.price, offer.currency),
                    max: bag.maxPerPassenger,
                  })}
                </p>
                <div className={styles.grid}>
                  {state.passengers.map((passenger, index) =>
                    passenger.typeId === PassengerType.infant ? null : (
                      <SelectInput
                        key={index}
                        id={`extras-${leg.index}-${index}`}
                        label={say('flow.extras.bagsFor', { name: names[index] ?? '' })}
                        value={String(state.extras[extraKey(leg.index, index)] ?? 0)}
                        options={Array.from({ length: bag.maxPerPassenger + 1 }, (_, count) => ({
                          value: String(count),
                          label:
                            count === 0
                              ? say('flow.extras.none')
                              : say('flow.extras.bags', {
                                  count,
                                  price: formatPrice(bag.price * count, offer.currency),
                                }),
                        }))}
                        onChange={(event) => {
                          const next = { ...state.extras };
                          const count = Number(event.target.value);
                          if (count > 0) next[extraKey(leg.index, index)] = count;
                          else delete next[extraKey(leg.index, index)];
                          onChange(next);
                        }}
                      />
                    ),
                  )}
                </div>
              </>
            ) : (
              <p className={styles.muted}>{say('flow.extras.notOffered')}</p>
            )}
          </fieldset>
        );
      })}
      <FlowActions onBack={onBack} />
    </form>
  );
}
