import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ymd, type Ymd } from '@uniquair/domain/dates/ymd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker, type DatePickerProps } from './date-picker.tsx';
import {
  renderWithIntl,
  type RenderWithIntlOptions,
  submitEmptyRequiredField,
} from './test-utils.tsx';

const TODAY = ymd(2026, 3, 10);

function Picker({
  initial = null,
  onChange,
  ...props
}: Partial<Omit<DatePickerProps, 'value' | 'onChange'>> & {
  readonly initial?: Ymd | null;
  readonly onChange?: (date: Ymd) => void;
}) {
  const [value, setValue] = useState<Ymd | null>(initial);
  return (
    <form>
      <DatePicker
        label="Departure"
        today={TODAY}
        {...props}
        value={value}
        onChange={(date) => {
          setValue(date);
          onChange?.(date);
        }}
      />
      <button type="button">Elsewhere</button>
    </form>
  );
}

async function renderPicker(
  props: Parameters<typeof Picker>[0] = {},
  options?: RenderWithIntlOptions,
) {
  return renderWithIntl(<Picker {...props} />, options);
}

function field(name: string | RegExp = /^Departure/): HTMLElement {
  return screen.getByRole('button', { name });
}

function focusedDayLabel(): string {
  return document.activeElement?.querySelector('.visually-hidden')?.textContent ?? '';
}

describe('DatePicker', () => {
  it('is a button named by its label and value that opens a dialog', async () => {
    await renderPicker();
    const trigger = field('Departure Select a date');
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a modal dialog named by the label, focusing today', async () => {
    const user = userEvent.setup();
    await renderPicker();
    await user.click(field());
    const dialog = screen.getByRole('dialog', { name: 'Departure' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(focusedDayLabel()).toBe('Today, Tuesday, March 10, 2026');
  });

  it('opens with the keyboard on the chosen day, picks with Enter, closes and refocuses the field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderPicker({ initial: ymd(2026, 4, 2), onChange });
    expect(field('Departure Thu, Apr 2, 2026')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(field());
    await user.keyboard('{Enter}');
    expect(focusedDayLabel()).toBe('Thursday, April 2, 2026');
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('2026-04-10');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field('Departure Fri, Apr 10, 2026'));
  });

  it('closes on Escape without a change and gives focus back', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderPicker({ onChange });
    await user.click(field());
    await user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field());
  });

  it('closes on Escape from the month and year pickers too', async () => {
    const user = userEvent.setup();
    await renderPicker();
    await user.click(field());
    await user.click(screen.getByRole('button', { name: '2026, choose a year' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field());
  });

  it('closes with the close button and with a click outside', async () => {
    const user = userEvent.setup();
    await renderPicker();
    await user.click(field());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(field());
    // A click on the backdrop of a native dialog is a click on the dialog element itself.
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field());
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    await renderPicker();
    await user.click(field());
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab();
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Previous month' }),
    );
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
  });

  it('passes the calendar options on: min, max, weekday mask and day content', async () => {
    const user = userEvent.setup();
    await renderPicker({
      min: ymd(2026, 3, 12),
      max: ymd(2026, 3, 31),
      dowMask: 4,
      renderDayContent: (date) => (date === '2026-03-18' ? '€49' : null),
      legend: 'Prices per adult',
    });
    await user.click(field());
    const dialog = screen.getByRole('dialog');
    expect(focusedDayLabel()).toBe('Wednesday, March 18, 2026');
    expect(
      within(dialog).getByRole('button', { name: 'Wednesday, March 18, 2026 €49' }),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('button', { name: /Thursday, March 19/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(dialog).getByText('Prices per adult')).toBeTruthy();
  });

  it("shows 'Required' when a required picker closes without a date", async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    await renderPicker({ required: true, onBlur });
    // A button may not carry aria-required: the requirement is in the field's description.
    expect(field().getAttribute('aria-required')).toBeNull();
    const description = field().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(description)?.textContent).toBe('Required');
    await user.click(field());
    await user.keyboard('{Escape}');
    expect(onBlur).toHaveBeenCalledOnce();
    const error = screen.getByText('Required');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toBe(error.closest('p')?.id);
  });

  it('writes the date in the UI language', async () => {
    const user = userEvent.setup();
    await renderPicker({ initial: ymd(2026, 3, 10) }, { locale: 'fr' });
    expect(field('Departure mar. 10 mars 2026')).toBeTruthy();
    await user.click(field());
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
    expect(screen.getByRole('grid').getAttribute('aria-label')).toBe('mars 2026');
  });

  it('shows its placeholder', async () => {
    await renderPicker({ placeholder: 'When?' });
    expect(field('Departure When?')).toBeTruthy();
  });

  it('submits the date with a native form', async () => {
    const { container } = await renderPicker({ name: 'departure', initial: ymd(2026, 5, 1) });
    const form = container.querySelector('form') as HTMLFormElement;
    expect(new FormData(form).get('departure')).toBe('2026-05-01');
  });

  it('works with react-hook-form', async () => {
    const { user, submitted, submit } = await submitEmptyRequiredField<Ymd | null>({
      name: 'departure',
      defaultValue: null,
      requiredMessage: 'Choose a departure date',
      submitLabel: 'Search',
      widget: ({ value, onChange, onBlur, ref }, error) => (
        <DatePicker
          label="Departure"
          today={TODAY}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          ref={ref}
          error={error}
        />
      ),
    });
    expect(await screen.findByText('Choose a departure date')).toBeTruthy();
    expect(document.activeElement).toBe(field());
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowRight}{Enter}');
    await submit();
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ departure: '2026-03-11' }));
  });
});
