import type { SavedPassenger } from '@uniquair/contract/booking-list';
import type { PassengerTypeId } from '@uniquair/domain/config/reference-ids';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useMemo } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SelectInput, type SelectOption } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { fieldErrorMessage } from '../../../lib/form-resolver.ts';
import {
  passengersFormSchema,
  TITLES_BY_TYPE,
  type PassengersFormValues,
  type TripRules,
} from '../flow-forms.ts';
import { PASSENGER_TEXT_FIELDS, type FlowState, type PassengerDraft } from '../flow-state.ts';
import { draftFromSaved, fitsPassengerType } from '../saved-passengers.ts';
import { DateInput } from './date-input.tsx';
import { ErrorSummary, type FieldProblem } from './error-summary.tsx';
import { FlowActions, useFlowForm, useFlowIntl } from './flow-form.tsx';
import styles from './choose-flow.module.css';

const TYPE_NAMES: Readonly<Record<PassengerTypeId, MessageKey>> = {
  1: 'passengerType.adult',
  2: 'passengerType.child',
  3: 'passengerType.infant',
};

const TITLE_NAMES: Readonly<Record<number, MessageKey>> = {
  1: 'passengerTitle.mr',
  2: 'passengerTitle.mrs',
  4: 'passengerTitle.infant',
  5: 'passengerTitle.child',
};

type PassengerField = (typeof PASSENGER_TEXT_FIELDS)[number];

const FIELD_LABELS: Readonly<Record<PassengerField, MessageKey>> = {
  titleId: 'flow.passenger.title',
  firstName: 'flow.passenger.firstName',
  lastName: 'flow.passenger.lastName',
  birthDate: 'flow.passenger.birthDate',
  nationality: 'flow.passenger.nationality',
  documentTypeId: 'flow.passenger.documentType',
  documentNumber: 'flow.passenger.documentNumber',
  documentExpiry: 'flow.passenger.documentExpiry',
};

export function passengerFieldId(index: number, field: string): string {
  return `passenger-${index}-${field}`;
}

/** 'Adult 1', 'Child 1', 'Infant 2': each passenger named by type and place among that type. */
export function passengerLabels(
  passengers: readonly Pick<PassengerDraft, 'typeId'>[],
  say: (id: MessageKey) => string,
): string[] {
  const seen: Record<number, number> = {};
  return passengers.map((passenger) => {
    seen[passenger.typeId] = (seen[passenger.typeId] ?? 0) + 1;
    return `${say(TYPE_NAMES[passenger.typeId])} ${seen[passenger.typeId]}`;
  });
}

export interface PassengersViewProps {
  readonly state: FlowState;
  readonly rules: TripRules;
  readonly titles: readonly { readonly id: number; readonly name: string }[];
  readonly countries: readonly SelectOption[];
  /** The signed-in traveller's saved passengers; null for an anonymous visitor. */
  readonly savedPassengers: readonly SavedPassenger[] | null;
  readonly onChange: (values: PassengersFormValues) => void;
  readonly onNext: (values: PassengersFormValues) => void;
}

/** One form per passenger (adults, children, infants), checked before the flow goes on. */
export function PassengersView({
  state,
  rules,
  titles,
  countries,
  savedPassengers,
  onChange,
  onNext,
}: PassengersViewProps) {
  const { intl, say } = useFlowIntl();
  const schema = useMemo(() => passengersFormSchema(say, rules), [say, rules]);
  // The error summary takes the focus, not the first field.
  const form = useForm<PassengersFormValues>({
    resolver: zodResolver(schema, {
      error: (issue) => fieldErrorMessage(intl, issue),
    }) as unknown as Resolver<PassengersFormValues>,
    shouldFocusError: false,
    defaultValues: {
      passengers: state.passengers.map((passenger) => ({ ...passenger })),
      savePassengers: state.savePassengers,
    },
  });
  const { problems, setProblems, summaryRef } = useFlowForm(
    form,
    onChange,
    state.serverErrors,
    // Errors the server gave at the last booking attempt, on their fields.
    (path) => (path.startsWith('passengers.') ? (path as `passengers.${number}.firstName`) : null),
  );
  const labels = passengerLabels(state.passengers, say);

  const collect = (errors: FieldErrors<PassengersFormValues>): FieldProblem[] => {
    const found: FieldProblem[] = [];
    state.passengers.forEach((_, index) => {
      const passengerErrors = errors.passengers?.[index];
      for (const field of PASSENGER_TEXT_FIELDS) {
        const message = passengerErrors?.[field]?.message;
        if (message) {
          found.push({
            fieldId: passengerFieldId(index, field),
            text: `${labels[index]}, ${say(FIELD_LABELS[field])}: ${message}`,
          });
        }
      }
    });
    return found;
  };

  const submit = form.handleSubmit(
    (values) => {
      setProblems([]);
      onNext(values);
    },
    (errors) => setProblems(collect(errors)),
  );

  const titleOptions = (typeId: PassengerTypeId): SelectOption[] =>
    TITLES_BY_TYPE[typeId].map((id) => ({
      value: String(id),
      label:
        titles.find((title) => title.id === id)?.name ??
        say(TITLE_NAMES[id] ?? 'passengerTitle.mr'),
    }));
  const { errors } = form.formState;

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary ref={summaryRef} problems={problems} />
      {state.passengers.map((passenger, index) => {
        const fieldErrors = errors.passengers?.[index];
        const fits =
          savedPassengers?.filter((saved) =>
            fitsPassengerType(saved, passenger.typeId, rules.firstTravelDate),
          ) ?? [];
        /** What each of the passenger's fields takes: id, label, its error and its registration. */
        const fieldProps = (field: PassengerField) => ({
          id: passengerFieldId(index, field),
          label: say(FIELD_LABELS[field]),
          required: true,
          error: fieldErrors?.[field]?.message,
          ...form.register(`passengers.${index}.${field}`),
        });
        return (
          <fieldset key={index} className={styles.card}>
            <legend className={styles.legend}>{labels[index]}</legend>
            {savedPassengers !== null ? (
              fits.length > 0 ? (
                <SelectInput
                  label={say('flow.saved.label')}
                  placeholder={say('flow.saved.choose')}
                  hint={say('flow.saved.hint')}
                  options={fits.map((saved) => ({
                    value: String(saved.id),
                    label: saved.birthDate
                      ? say('flow.saved.option', {
                          name: `${saved.firstName} ${saved.lastName}`,
                          birthDate: rules.formatDate(saved.birthDate as typeof rules.today),
                        })
                      : `${saved.firstName} ${saved.lastName}`,
                  }))}
                  onChange={(event) => {
                    const saved = fits.find((entry) => String(entry.id) === event.target.value);
                    if (!saved) return;
                    const draft = draftFromSaved(saved, passenger.typeId);
                    for (const field of PASSENGER_TEXT_FIELDS) {
                      form.setValue(`passengers.${index}.${field}`, draft[field], {
                        shouldDirty: true,
                      });
                    }
                    form.clearErrors(`passengers.${index}`);
                  }}
                />
              ) : (
                <p className={styles.muted}>{say('flow.saved.none')}</p>
              )
            ) : null}
            <div className={styles.grid}>
              <SelectInput
                options={titleOptions(passenger.typeId)}
                placeholder={say('flow.passenger.chooseTitle')}
                defaultValue={passenger.titleId}
                {...fieldProps('titleId')}
              />
              <TextInput autoComplete="off" {...fieldProps('firstName')} />
              <TextInput autoComplete="off" {...fieldProps('lastName')} />
              <DateInput
                hint={say(
                  passenger.typeId === 3
                    ? 'flow.passenger.infantHint'
                    : passenger.typeId === 2
                      ? 'flow.passenger.childHint'
                      : 'flow.passenger.adultHint',
                  { date: rules.formatDate(rules.firstTravelDate) },
                )}
                max={rules.today}
                {...fieldProps('birthDate')}
              />
              <SelectInput
                options={countries}
                placeholder={say('flow.passenger.chooseCountry')}
                defaultValue={passenger.nationality}
                {...fieldProps('nationality')}
              />
              <SelectInput
                options={[
                  { value: '1', label: say('flow.document.passport') },
                  { value: '2', label: say('flow.document.nationalId') },
                ]}
                defaultValue={passenger.documentTypeId}
                {...fieldProps('documentTypeId')}
              />
              <TextInput autoComplete="off" spellCheck={false} {...fieldProps('documentNumber')} />
              <DateInput
                hint={say('flow.passenger.expiryHint', {
                  date: rules.formatDate(rules.lastTravelDate),
                })}
                min={rules.lastTravelDate}
                {...fieldProps('documentExpiry')}
              />
            </div>
          </fieldset>
        );
      })}
      {savedPassengers !== null ? (
        <label className={styles.check}>
          <input type="checkbox" {...form.register('savePassengers')} />
          {say('flow.saved.save')}
        </label>
      ) : null}
      <FlowActions />
    </form>
  );
}
