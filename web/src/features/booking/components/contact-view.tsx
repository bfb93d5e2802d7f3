import type { MessageKey } from '@uniquair/i18n/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhone, nationalPhone, parsePhone } from '@uniquair/domain/forms/phone-number';
import { useMemo } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { SelectInput, type SelectOption } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { fieldErrorMessage } from '../../../lib/form-resolver.ts';
import { contactSchema } from '../flow-forms.ts';
import type { ContactDraft, FlowState } from '../flow-state.ts';
import { ErrorSummary, type FieldProblem } from './error-summary.tsx';
import { FlowActions, useFlowForm, useFlowIntl } from './flow-form.tsx';
import styles from './choose-flow.module.css';

const FIELDS = ['firstName', 'lastName', 'email', 'phoneCode', 'phone'] as const;

type ContactField = (typeof FIELDS)[number];

const FIELD_LABELS: Readonly<Record<ContactField, MessageKey>> = {
  firstName: 'flow.contact.firstName',
  lastName: 'flow.contact.lastName',
  email: 'flow.contact.email',
  phoneCode: 'flow.contact.phoneCode',
  phone: 'flow.contact.phone',
};

export function contactFieldId(field: string): string {
  return `contact-${field}`;
}

export interface ContactViewProps {
  readonly state: FlowState;
  /** The contact as the form starts: what was entered, else from the account and passengers. */
  readonly initial: ContactDraft;
  readonly phoneCodes: readonly SelectOption[];
  readonly onChange: (values: ContactDraft) => void;
  /** The traveller chose the calling code (picked it, or typed one in the number). */
  readonly onPhoneCodeChosen: () => void;
  readonly onNext: (values: ContactDraft) => void;
  readonly onBack: () => void;
}

/**
 * The booker: who we write to about the booking (name, e-mail, phone). The phone is typed as
 * people write it, national or with `+` and a calling code.
 */
export function ContactView({
  state,
  initial,
  phoneCodes,
  onChange,
  onPhoneCodeChosen,
  onNext,
  onBack,
}: ContactViewProps) {
  const { intl, say } = useFlowIntl();
  const schema = useMemo(() => contactSchema(say), [say]);
  // The error summary takes the focus, not the first field.
  const form = useForm<ContactDraft>({
    resolver: zodResolver(schema, { error: (issue) => fieldErrorMessage(intl, issue) }),
    shouldFocusError: false,
    defaultValues: initial,
  });
  const { problems, setProblems, summaryRef } = useFlowForm(
    form,
    onChange,
    state.serverErrors,
    (path) => {
      const field = path.replace(/^booker\./, '');
      return path.startsWith('booker.') && (FIELDS as readonly string[]).includes(field)
        ? (field as ContactField)
        : null;
    },
  );

  const collect = (errors: FieldErrors<ContactDraft>): FieldProblem[] =>
    FIELDS.flatMap((field) => {
      const message = errors[field]?.message;
      return message
        ? [{ fieldId: contactFieldId(field), text: `${say(FIELD_LABELS[field])}: ${message}` }]
        : [];
    });

  const submit = form.handleSubmit(
    (values) => {
      setProblems([]);
      onNext(values);
    },
    (errors) => setProblems(collect(errors)),
  );
  const { errors } = form.formState;

  // A number left is laid out as its country writes it; a calling code typed in it (`+44`,
  // `0044`) becomes the calling code when the list offers it.
  const layOutPhone = () => {
    const { phone, phoneCode } = form.getValues();
    const parsed = parsePhone(phone, phoneCode);
    const typedCode =
      parsed.ok && phoneCodes.some((option) => option.value === parsed.phoneCode)
        ? parsed.phoneCode
        : null;
    if (typedCode !== null && typedCode !== phoneCode) {
      form.setValue('phoneCode', typedCode, { shouldDirty: true });
      onPhoneCodeChosen();
    }
    const text =
      parsed.ok && typedCode !== null
        ? nationalPhone(parsed.phoneCode, parsed.phone)
        : formatPhone(phone, phoneCode);
    if (text !== phone) {
      form.setValue('phone', text, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    }
  };

  /** What each contact field takes: id, label, its error and its registration. */
  const fieldProps = (field: ContactField, options?: Parameters<typeof form.register>[1]) => ({
    id: contactFieldId(field),
    label: say(FIELD_LABELS[field]),
    required: true,
    error: errors[field]?.message,
    ...form.register(field, options),
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary ref={summaryRef} problems={problems} />
      <fieldset className={styles.card}>
        <legend className={styles.legend}>{say('flow.contact.legend')}</legend>
        <p className={styles.muted}>{say('flow.contact.lead')}</p>
        <div className={styles.grid}>
          <TextInput autoComplete="given-name" {...fieldProps('firstName')} />
          <TextInput autoComplete="family-name" {...fieldProps('lastName')} />
          <TextInput type="email" autoComplete="email" {...fieldProps('email')} />
          <SelectInput
            options={phoneCodes}
            placeholder={say('flow.contact.choosePhoneCode')}
            defaultValue={initial.phoneCode}
            {...fieldProps('phoneCode', { onChange: onPhoneCodeChosen })}
          />
          <TextInput
            type="tel"
            inputMode="tel"
            hint={say('flow.contact.phoneHint')}
            autoComplete="tel"
            {...fieldProps('phone', { onBlur: layOutPhone })}
          />
        </div>
      </fieldset>
      <FlowActions onBack={onBack} />
    </form>
  );
}
