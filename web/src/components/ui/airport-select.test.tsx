import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Airport } from '@uniquair/contract/data';
import { AIRPORT_SELECT_DEBOUNCE_MS } from '@uniquair/domain/config/timings';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CityNamesContext, NO_CITY_NAMES, type CityNames } from '../../lib/city-names.ts';
import { AIRPORTS, LONDON, numberedAirports } from './airport-fixtures.ts';
import type { AirportOption } from './airport-search.ts';
import { AirportSelect } from './airport-select.tsx';
import { renderWithIntl, submitEmptyRequiredField } from './test-utils.tsx';

function combobox(name = 'From'): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('combobox', { name });
}

function optionTexts(): string[] {
  return screen.queryAllByRole('option').map((option) => option.textContent ?? '');
}

function Picker({
  airports = AIRPORTS,
  initial = null,
  onChange,
  required,
}: {
  readonly airports?: readonly AirportOption[];
  readonly initial?: string | null;
  readonly onChange?: (code: string | null) => void;
  readonly required?: boolean;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <AirportSelect
        label="From"
        airports={airports}
        value={value}
        required={required}
        onChange={(code) => {
          setValue(code);
          onChange?.(code);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('AirportSelect', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a labelled combobox with a listbox, closed at first', async () => {
    await renderWithIntl(<Picker />);
    const input = combobox();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(
      document.getElementById(input.getAttribute('aria-controls') ?? '')?.getAttribute('role'),
    ).toBe('listbox');
  });

  it("says 'Type to search...' before any text", async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker />);
    await user.click(combobox());
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByText('Type to search...').length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('searches 250 ms after the last keystroke', async () => {
    vi.useFakeTimers();
    await renderWithIntl(<Picker />);
    expect(AIRPORT_SELECT_DEBOUNCE_MS).toBe(250);
    fireEvent.change(combobox(), { target: { value: 'lo' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(combobox(), { target: { value: 'lon' } });
    act(() => {
      vi.advanceTimersByTime(AIRPORT_SELECT_DEBOUNCE_MS - 1);
    });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('shows city, airport name, country and code for each match', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker />);
    await user.type(combobox(), 'london');
    await screen.findAllByRole('option');
    expect(optionTexts()).toEqual([
      'London LHR London Heathrow Airport, United Kingdom',
      'London LGW London Gatwick Airport, United Kingdom',
    ]);
  });

  it('matches on code, name and country, without accents', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker />);
    await user.type(combobox(), 'zurich');
    expect((await screen.findByRole('option')).textContent).toContain('ZRH');
    await user.clear(combobox());
    await user.type(combobox(), 'bulgaria');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
  });

  it("says 'No Matching Results' when nothing matches", async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker />);
    await user.type(combobox(), 'xyzzy');
    expect((await screen.findAllByText('No Matching Results')).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it("lists at most 100 airports and then says 'More options available…'", async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker airports={numberedAirports(150)} />);
    await user.type(combobox(), 'spring');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(100));
    expect(
      screen.getAllByText('More options available. Please use the search box below.', {
        exact: false,
      }).length,
    ).toBeGreaterThan(0);
  });

  it('announces the number of results in a polite status', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker />);
    await user.type(combobox(), 'london');
    await screen.findAllByRole('option');
    expect(screen.getByRole('status').textContent).toBe('2 airports found');
  });

  it('highlights the best match, selects with the arrow keys and Enter, and closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<Picker onChange={onChange} />);
    await user.type(combobox(), 'london');
    await screen.findAllByRole('option');
    const [heathrow, gatwick] = screen.getAllByRole('option');
    await waitFor(() =>
      expect(combobox().getAttribute('aria-activedescendant')).toBe(heathrow?.id),
    );
    await user.keyboard('{ArrowDown}');
    expect(combobox().getAttribute('aria-activedescendant')).toBe(gatwick?.id);
    expect(gatwick?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('LGW');
    expect(combobox().value).toBe('London (LGW)');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('picks the best match with Enter, also before the search has caught up with the typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<Picker onChange={onChange} />);
    // Enter at once after the last letter, inside the 250 ms the search waits.
    await user.type(combobox(), 'lon{Enter}');
    expect(onChange).toHaveBeenCalledWith('LHR');
    expect(combobox().value).toBe('London (LHR)');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('picks the best match with Enter when nothing is highlighted, as after the pointer left the list', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<Picker onChange={onChange} />);
    await user.type(combobox(), 'london');
    const [, gatwick] = await screen.findAllByRole('option');
    await waitFor(() => expect(combobox().getAttribute('aria-activedescendant')).not.toBe(''));
    if (!gatwick) throw new Error('fixtures');
    await user.hover(gatwick);
    await user.unhover(screen.getByRole('listbox'));
    expect(combobox().getAttribute('aria-activedescendant') ?? '').toBe('');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('LHR');
    expect(combobox().value).toBe('London (LHR)');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('offers a city of several airports first, naming them, and Enter picks it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<Picker airports={[...AIRPORTS, LONDON]} onChange={onChange} />);
    await user.type(combobox(), 'LON');
    await waitFor(() =>
      expect(optionTexts()).toEqual([
        'London LON All airports: LHR, LGW, United Kingdom',
        'London LHR London Heathrow Airport, United Kingdom',
        'London LGW London Gatwick Airport, United Kingdom',
      ]),
    );
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('LON');
    expect(combobox().value).toBe('London (LON)');
  });

  it('picks the best match of Enter pressed before the airports arrived, once they do', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const view = await renderWithIntl(<Picker airports={[]} onChange={onChange} />);
    await user.type(combobox(), 'LHR{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    view.rerender(<Picker onChange={onChange} />);
    await waitFor(() => expect(combobox().value).toBe('London (LHR)'));
    expect(onChange).toHaveBeenCalledWith('LHR');
  });

  it('forgets an Enter before the airports arrived when the text changed since', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const view = await renderWithIntl(<Picker airports={[]} onChange={onChange} />);
    await user.type(combobox(), 'LHR{Enter}{Backspace}{Backspace}{Backspace}par');
    view.rerender(<Picker onChange={onChange} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, AIRPORT_SELECT_DEBOUNCE_MS + 50)));
    expect(onChange).not.toHaveBeenCalled();
    expect(combobox().value).toBe('par');
  });

  it('lists its suggestions when focused, with their notes, before anything is typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const [first, second] = AIRPORTS;
    if (!first || !second) throw new Error('fixtures');
    await renderWithIntl(
      <AirportSelect
        label="To"
        airports={AIRPORTS}
        value={null}
        onChange={onChange}
        suggestions={[{ airport: second, note: 'from $45' }, { airport: first }]}
        suggestionsLabel="Flights from Berlin, cheapest first"
      />,
    );
    await user.tab();
    expect(combobox('To').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByText('Flights from Berlin, cheapest first').length).toBeGreaterThan(0);
    expect(optionTexts()).toHaveLength(2);
    expect(optionTexts()[0]).toContain(second.city);
    expect(optionTexts()[0]).toContain('from $45');
    // Nothing typed, nothing highlighted: Enter does not pick a suggestion unasked.
    expect(combobox('To').getAttribute('aria-activedescendant') ?? '').toBe('');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(second.id, second);
    // Typing searches every airport again.
    await user.clear(combobox('To'));
    await user.type(combobox('To'), first.id.toLowerCase());
    await waitFor(() => expect(optionTexts()[0]).toContain(first.id));
  });

  it('moves to the first and last option with Home and End, and by ten with PageDown/PageUp', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker airports={numberedAirports(30)} />);
    await user.type(combobox(), 'spring');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(30));
    const activeText = () =>
      document.getElementById(combobox().getAttribute('aria-activedescendant') ?? '')?.textContent;
    await user.keyboard('{End}');
    expect(activeText()).toContain('Springfield Field 30');
    await user.keyboard('{Home}');
    expect(activeText()).toContain('Springfield Field 1,');
    await user.keyboard('{PageDown}');
    expect(activeText()).toContain('Springfield Field 11,');
    await user.keyboard('{PageUp}');
    expect(activeText()).toContain('Springfield Field 1,');
  });

  it('clears the choice with Escape when the list is closed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<Picker initial="BER" onChange={onChange} />);
    combobox().focus();
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledWith(null);
    expect(combobox().value).toBe('');
  });

  it('selects with a click', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<Picker onChange={onChange} />);
    await user.type(combobox(), 'seoul');
    await user.click(await screen.findByRole('option'));
    expect(onChange).toHaveBeenCalledWith('ICN');
    expect(combobox().value).toBe('Seoul (ICN)');
  });

  it('closes on Escape, keeping the choice', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker initial="BER" />);
    expect(combobox().value).toBe('Berlin (BER)');
    await user.click(combobox());
    await user.keyboard('mu');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('goes back to the chosen airport when left with other text, and clears when left empty', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<Picker initial="BER" onChange={onChange} />);
    await user.click(combobox());
    await user.keyboard('xyz');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(combobox().value).toBe('Berlin (BER)');
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(combobox());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(combobox().value).toBe('');
  });

  it('clears the choice with the clear button and focuses the input', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<Picker initial="BER" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(combobox().value).toBe('');
    expect(document.activeElement).toBe(combobox());
  });

  it("shows 'Required' when a required field is left without an airport", async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker required />);
    await user.click(combobox());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    const error = screen.getByText('Required');
    expect(combobox().getAttribute('aria-invalid')).toBe('true');
    expect(combobox().getAttribute('aria-describedby')).toBe(error.closest('p')?.id);
  });

  it('speaks the UI language: texts and country names', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker />, { locale: 'de' });
    await user.click(combobox());
    expect(screen.getAllByText('Zum Suchen tippen...').length).toBeGreaterThan(0);
    await user.type(combobox(), 'deutschland');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(
      within(screen.getAllByRole('option')[0] as HTMLElement).getByText(/Deutschland/),
    ).toBeTruthy();
    await user.type(combobox(), 'xyz');
    expect((await screen.findAllByText('Keine passenden Ergebnisse')).length).toBeGreaterThan(0);
  });

  it('shows and matches the city names of the UI language (Russian), the English ones too', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<Picker onChange={onChange} />, { locale: 'ru' });
    await user.type(combobox(), 'Лон');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(optionTexts()[0]).toMatch(/^Лондон LHR London Heathrow Airport, Великобритания$/);
    await user.clear(combobox());
    await user.type(combobox(), 'london');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('LHR');
    expect(combobox().value).toBe('Лондон (LHR)');
  });

  it('shows German city names where CLDR has them, English otherwise (de)', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<Picker initial="FCO" />, { locale: 'de' });
    expect(combobox().value).toBe('Rom (FCO)');
    await user.clear(combobox());
    await user.type(combobox(), 'mun');
    expect((await screen.findByRole('option')).textContent).toMatch(/^Munich MUC/);
  });

  it('renames the chosen airport’s city in the field when the language changes', async () => {
    const names = (entries: [string, string][]) => new Map(entries);
    function InLanguage({ cities }: { readonly cities: CityNames }) {
      return (
        <CityNamesContext value={cities}>
          <Picker initial="CPH" />
        </CityNamesContext>
      );
    }
    const { rerender } = await renderWithIntl(<InLanguage cities={NO_CITY_NAMES} />);
    expect(combobox().value).toBe('København (CPH)');
    rerender(<InLanguage cities={names([['København', 'Копенгаген']])} />);
    await waitFor(() => expect(combobox().value).toBe('Копенгаген (CPH)'));
    // Text the user is typing stays.
    const user = userEvent.setup();
    await user.clear(combobox());
    await user.type(combobox(), 'par');
    rerender(<InLanguage cities={names([['København', 'Kopenhagen']])} />);
    expect(combobox().value).toBe('par');
  });

  it('takes the airports of the route network (contract Airport) and works with react-hook-form', async () => {
    const network: Airport[] = [
      {
        id: 'SOF',
        name: 'Sofia Airport',
        city: 'Sofia',
        country: 'BG',
        timeZone: 'Europe/Sofia',
        lat: 42.6952,
        lon: 23.4062,
      },
      {
        id: 'VAR',
        name: 'Varna Airport',
        city: 'Varna',
        country: 'BG',
        timeZone: 'Europe/Sofia',
        lat: 43.2321,
        lon: 27.8251,
      },
    ];
    const { user, submitted, submit } = await submitEmptyRequiredField<string | null>({
      name: 'from',
      defaultValue: null,
      requiredMessage: 'Choose where you fly from',
      submitLabel: 'Search',
      widget: (field, error) => (
        <AirportSelect
          label="From"
          airports={network}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={error}
        />
      ),
    });
    expect(await screen.findByText('Choose where you fly from')).toBeTruthy();
    expect(document.activeElement).toBe(combobox());
    await user.type(combobox(), 'varna');
    await user.click(await screen.findByRole('option'));
    await submit();
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ from: 'VAR' }));
  });
});
