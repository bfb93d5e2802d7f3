import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectInput, type SelectOption } from './select-input.tsx';
import { renderWithIntl, TestForm } from './test-utils.tsx';

const titles: SelectOption[] = [
  { value: '1', label: 'Mr.' },
  { value: '2', label: 'Mrs.' },
  { value: '5', label: 'Child', disabled: true },
];

describe('SelectInput', () => {
  it('is a combobox named by its label, with the placeholder first and the options', async () => {
    await renderWithIntl(<SelectInput label="Title" options={titles} placeholder="Choose…" />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Title' });
    expect(select.value).toBe('');
    expect([...select.options].map((option) => option.text)).toEqual([
      'Choose…',
      'Mr.',
      'Mrs.',
      'Child',
    ]);
    expect(select.options[3]?.disabled).toBe(true);
  });

  it('changes by keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(
      <SelectInput label="Title" options={titles} placeholder="Choose…" onChange={onChange} />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Title' });
    await user.selectOptions(select, 'Mrs.');
    expect(select.value).toBe('2');
    expect(onChange).toHaveBeenCalled();
  });

  it("shows 'Required' once a required select is left empty, linked by aria-describedby", async () => {
    const user = userEvent.setup();
    await renderWithIntl(
      <>
        <SelectInput label="Title" options={titles} placeholder="Choose…" required />
        <button type="button">Next</button>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Title' });
    expect(select.hasAttribute('required')).toBe(true);
    expect(screen.queryByText('Required')).toBeNull();

    await user.tab();
    expect(document.activeElement).toBe(select);
    await user.tab();
    const error = screen.getByText('Required');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const describedBy = select.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ')).toContain(error.closest('p')?.id);

    await user.selectOptions(select, 'Mr.');
    expect(screen.queryByText('Required')).toBeNull();
    expect(select.hasAttribute('aria-invalid')).toBe(false);
  });

  it('does not offer the placeholder again when required', async () => {
    await renderWithIntl(
      <SelectInput label="Title" options={titles} placeholder="Choose…" required />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Title' });
    expect(select.options[0]?.disabled).toBe(true);
  });

  it("shows 'Required' in the UI language", async () => {
    const user = userEvent.setup();
    await renderWithIntl(
      <SelectInput label="Anrede" options={titles} placeholder="Bitte wählen" required />,
      { locale: 'de' },
    );
    await user.click(screen.getByRole('combobox', { name: 'Anrede' }));
    await user.click(document.body);
    expect(screen.getByText('Erforderlich')).toBeTruthy();
  });

  it('shows a form error instead of its own and links the hint', async () => {
    await renderWithIntl(
      <SelectInput
        label="Title"
        options={titles}
        hint="As in your passport"
        error="Choose a title"
        required
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Title' });
    const ids = (select.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids).toHaveLength(2);
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'As in your passport',
      'Choose a title',
    ]);
  });

  it('marks the form invalid on submit and shows the message', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await renderWithIntl(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <SelectInput label="Title" options={titles} placeholder="Choose…" required />
        <button type="submit">Save</button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Required')).toBeTruthy();
  });

  it('works with react-hook-form register', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    function Form() {
      return (
        <TestForm<{ title: string }>
          defaultValues={{ title: '' }}
          onSubmit={submitted}
          submitLabel="Save"
          noValidate
        >
          {({ register, formState }) => (
            <SelectInput
              label="Title"
              options={titles}
              placeholder="Choose…"
              error={formState.errors.title?.message}
              {...register('title', { required: 'Please choose a title' })}
            />
          )}
        </TestForm>
      );
    }
    await renderWithIntl(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please choose a title')).toBeTruthy();
    // react-hook-form focuses the first invalid field through the ref.
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Title' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Title' }), 'Mrs.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ title: '2' }));
  });
});
