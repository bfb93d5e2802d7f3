import { render, screen, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CatalogueLocale } from '@uniquair/i18n/messages';
import { toBcp47 } from '@uniquair/domain/locale/languages';
import type { ReactElement, ReactNode } from 'react';
import {
  Controller,
  useForm,
  type ControllerRenderProps,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { IntlProvider } from 'react-intl';
import { vi } from 'vitest';
import { CityNamesContext } from '../../lib/city-names.ts';
import { loadCatalogue } from '../../lib/i18n-catalogues.ts';

export interface RenderWithIntlOptions extends Omit<RenderOptions, 'wrapper'> {
  readonly locale?: CatalogueLocale;
}

/**
 * Renders a widget inside react-intl with a real catalogue and its city names (English unless
 * told otherwise).
 */
export async function renderWithIntl(
  ui: ReactElement,
  { locale = 'en', ...options }: RenderWithIntlOptions = {},
) {
  const { messages, cities } = await loadCatalogue(locale);
  function Wrapper({ children }: { readonly children: ReactNode }) {
    return (
      <IntlProvider locale={toBcp47(locale)} defaultLocale="en" messages={messages}>
        <CityNamesContext value={cities}>{children}</CityNamesContext>
      </IntlProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}

export interface TestFormProps<Values extends FieldValues> {
  readonly defaultValues: DefaultValues<Values>;
  readonly onSubmit: (values: Values) => void;
  /** The name of the submit button under the widget. */
  readonly submitLabel: string;
  readonly noValidate?: boolean;
  /** The widget, wired to the form (`register`, or `control` for a `Controller`). */
  readonly children: (form: UseFormReturn<Values>) => ReactNode;
}

/** A react-hook-form form around one widget and a submit button, for the widgets' form tests. */
export function TestForm<Values extends FieldValues>({
  defaultValues,
  onSubmit,
  submitLabel,
  noValidate,
  children,
}: TestFormProps<Values>) {
  const form = useForm<Values>({ defaultValues });
  return (
    <form
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          onSubmit(values);
        })(event)
      }
      noValidate={noValidate}
    >
      {children(form)}
      <button type="submit">{submitLabel}</button>
    </form>
  );
}

export interface RequiredFieldTestFormProps<Value> {
  readonly name: string;
  readonly defaultValue: Value;
  /** The error shown when the form is submitted without a value. */
  readonly requiredMessage: string;
  readonly onSubmit: (values: Record<string, Value>) => void;
  readonly submitLabel: string;
  /** The widget, wired to the field and showing its error. */
  readonly children: (
    field: ControllerRenderProps<Record<string, Value>>,
    error: string | undefined,
  ) => ReactElement;
}

/**
 * A {@link TestForm} with one required field wired through a `Controller`: how a controlled
 * widget (date, airport, file) is used in a react-hook-form form.
 */
export function RequiredFieldTestForm<Value>({
  name,
  defaultValue,
  requiredMessage,
  onSubmit,
  submitLabel,
  children,
}: RequiredFieldTestFormProps<Value>) {
  return (
    <TestForm<Record<string, Value>>
      defaultValues={{ [name]: defaultValue }}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
    >
      {({ control }) => (
        <Controller
          control={control}
          name={name as FieldPath<Record<string, Value>>}
          rules={{ required: requiredMessage }}
          render={({ field, fieldState }) => children(field, fieldState.error?.message)}
        />
      )}
    </TestForm>
  );
}

export interface EmptySubmitProps<Value> extends Omit<
  RequiredFieldTestFormProps<Value>,
  'onSubmit' | 'children'
> {
  /** The widget, wired to the field and showing its error. */
  readonly widget: RequiredFieldTestFormProps<Value>['children'];
}

/**
 * Renders `widget` in a {@link RequiredFieldTestForm} and submits it while still empty. Returns
 * the user, the form's submit spy and `submit`, which presses the submit button again.
 */
export async function submitEmptyRequiredField<Value>({
  widget,
  ...props
}: EmptySubmitProps<Value>) {
  const user = userEvent.setup();
  const submitted = vi.fn<(values: Record<string, Value>) => void>();
  await renderWithIntl(
    <RequiredFieldTestForm<Value> {...props} onSubmit={submitted}>
      {widget}
    </RequiredFieldTestForm>,
  );
  const submit = () => user.click(screen.getByRole('button', { name: props.submitLabel }));
  await submit();
  return { user, submitted, submit };
}
