import { render, screen, waitFor } from '@testing-library/react';
import { TestForm } from './test-utils.tsx';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MaskedValue } from './text-mask-editing.ts';
import { TextMaskInput } from './text-mask-input.tsx';

function input(name: string): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('textbox', { name });
}

describe('TextMaskInput', () => {
  it('is a labelled text box that writes its literals while typing', async () => {
    const user = userEvent.setup();
    render(<TextMaskInput label="Expiry" mask="##/##" />);
    const field = input('Expiry');
    await user.type(field, '1');
    expect(field.value).toBe('1');
    await user.type(field, '2');
    expect(field.value).toBe('12');
    await user.type(field, '3');
    expect(field.value).toBe('12/3');
    await user.type(field, '45');
    expect(field.value).toBe('12/34');
    expect(field.getAttribute('inputmode')).toBe('numeric');
  });

  it('ignores characters the mask does not take, and converts case', async () => {
    const user = userEvent.setup();
    render(<TextMaskInput label="Code" mask="AA-nnn" />);
    const field = input('Code');
    await user.type(field, 'g1bX2Y3');
    expect(field.value).toBe('GB-x2y');
  });

  it('takes symbols for X', async () => {
    const user = userEvent.setup();
    render(<TextMaskInput label="Amount" mask="X###" />);
    await user.type(input('Amount'), 'a+1 23');
    expect(input('Amount').value).toBe('+123');
  });

  it('masks a pasted value', async () => {
    const user = userEvent.setup();
    render(<TextMaskInput label="Card" mask="#### #### #### ####" />);
    await user.click(input('Card'));
    await user.paste('4111111111111111');
    expect(input('Card').value).toBe('4111 1111 1111 1111');
  });

  for (const edit of [
    {
      does: 'keeps the caret after the character typed in the middle',
      label: 'Phone',
      mask: '(###) ###-####',
      typed: '55512345',
      shown: '(555) 123-45',
      at: 2,
      keys: '9',
      value: '(595) 512-345',
      caret: 3,
    },
    {
      does: 'deletes the digit before a literal with Backspace, not the literal',
      label: 'Expiry',
      mask: '##/##',
      typed: '123',
      shown: '12/3',
      at: 3,
      keys: '{Backspace}',
      value: '13',
      caret: 1,
    },
    {
      does: 'deletes the digit after a literal with Delete',
      label: 'Expiry',
      mask: '##/##',
      typed: '1234',
      shown: '12/34',
      at: 2,
      keys: '{Delete}',
      value: '12/4',
      caret: 3,
    },
  ]) {
    it(edit.does, async () => {
      const { label, mask, typed, shown, at, keys, value, caret } = edit;
      const user = userEvent.setup();
      render(<TextMaskInput label={label} mask={mask} />);
      const field = input(label);
      await user.type(field, typed);
      expect(field.value).toBe(shown);
      field.setSelectionRange(at, at);
      await user.keyboard(keys);
      expect(field.value).toBe(value);
      expect(field.selectionStart).toBe(caret);
    });
  }

  it('backspaces from the end through literals', async () => {
    const user = userEvent.setup();
    render(<TextMaskInput label="Expiry" mask="##/##" />);
    const field = input('Expiry');
    await user.type(field, '123');
    await user.keyboard('{Backspace}');
    expect(field.value).toBe('12');
    await user.keyboard('{Backspace}{Backspace}');
    expect(field.value).toBe('');
  });

  it('reports the masked and raw values and completeness', async () => {
    const user = userEvent.setup();
    const values: MaskedValue[] = [];
    render(<TextMaskInput label="Expiry" mask="##/##" onValueChange={(v) => values.push(v)} />);
    await user.type(input('Expiry'), '1234');
    expect(values.at(-2)).toEqual({ masked: '12/3', raw: '123', complete: false });
    expect(values.at(-1)).toEqual({ masked: '12/34', raw: '1234', complete: true });
  });

  it('works controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('12');
      return (
        <>
          <TextMaskInput
            label="Expiry"
            mask="##/##"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <output>{value}</output>
        </>
      );
    }
    render(<Controlled />);
    expect(input('Expiry').value).toBe('12');
    await user.type(input('Expiry'), '34');
    expect(input('Expiry').value).toBe('12/34');
    expect(screen.getByRole('status').textContent).toBe('12/34');
  });

  it('masks a default value', () => {
    render(<TextMaskInput label="Expiry" mask="##/##" defaultValue="0528" />);
    expect(input('Expiry').value).toBe('05/28');
  });

  it('links hint and error with aria-describedby', () => {
    render(<TextMaskInput label="Expiry" mask="##/##" hint="MM/YY" error="Check the date" />);
    const field = input('Expiry');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const texts = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['MM/YY', 'Check the date']);
  });

  it('works with react-hook-form register: masked value, validation, focus on error', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    function Form() {
      return (
        <TestForm<{ expiry: string }>
          defaultValues={{ expiry: '' }}
          onSubmit={submitted}
          submitLabel="Pay"
        >
          {({ register, formState }) => (
            <TextMaskInput
              label="Expiry"
              mask="##/##"
              error={formState.errors.expiry?.message}
              {...register('expiry', {
                required: 'Enter the expiry date',
                pattern: { value: /^\d\d\/\d\d$/, message: 'Use MM/YY' },
              })}
            />
          )}
        </TestForm>
      );
    }
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Enter the expiry date')).toBeTruthy();
    expect(document.activeElement).toBe(input('Expiry'));
    await user.type(input('Expiry'), '12');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Use MM/YY')).toBeTruthy();
    await user.type(input('Expiry'), '3x4');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ expiry: '12/34' }));
  });
});
