import { AIRPORT_SELECT_DEBOUNCE_MS } from '@uniquair/domain/config/timings';
import { isAirportQuerySearchable } from '@uniquair/domain/config/limits';
import {
  useCombobox,
  type UseComboboxInputValueChange,
  type UseComboboxState,
  type UseComboboxStateChangeOptions,
} from 'downshift';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { useCityName, type CityName } from '../../lib/city-names.ts';
import { buildAirportIndex, searchAirports, type AirportOption } from './airport-search.ts';
import styles from './airport-select.module.css';
import controlStyles from './control.module.css';
import { describedBy, Field, useFieldIds, type PickerFieldProps } from './field.tsx';
import { mergeRefs } from './merge-refs.ts';
import { Icon } from './icon.tsx';

export type { AirportOption } from './airport-search.ts';

export interface AirportSelectProps<
  T extends AirportOption = AirportOption,
> extends PickerFieldProps {
  /** Every airport that can be chosen (e.g. the airports of `/api/data/routes`). */
  readonly airports: readonly T[];
  /** The chosen airport's IATA code, or null. */
  readonly value: string | null;
  readonly onChange: (code: string | null, airport: T | null) => void;
  readonly ref?: Ref<HTMLInputElement>;
  /**
   * What the list offers before anything is typed (e.g. the destinations flown from the chosen
   * departure, cheapest first), each with an optional note such as its price; the list then
   * opens when the field gets focus. Without it the list says 'Type to search...'.
   */
  readonly suggestions?: readonly AirportSuggestion<T>[];
  /** Says what the suggestions are, above them ('Flights from Berlin, cheapest first'). */
  readonly suggestionsLabel?: string;
}

export interface AirportSuggestion<T extends AirportOption = AirportOption> {
  readonly airport: T;
  /** A short text beside the airport ('from €45'). */
  readonly note?: string;
}

/** A country's name in the UI language, or its code when the browser does not know it. */
function regionName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** How a chosen airport reads in the input: 'Berlin (BER)', its city in the UI language. */
export function airportInputText(airport: AirportOption | null, cityName: CityName): string {
  return airport ? `${cityName(airport.city)} (${airport.id})` : '';
}

/**
 * The searchable airport dropdown (WAI-ARIA combobox with a list, via downshift). It searches
 * 250 ms after the last keystroke, from one character on, on code, city (in English and in the
 * UI language, which it shows), airport name and country, ignoring case and accents, and lists at most 100 airports; above that it says 'More
 * options available. Please use the search box below.'. Before any text it says 'Type to
 * search...' (or lists its suggestions), and 'No Matching Results' when nothing matches. The
 * best match is highlighted, so Enter picks it, also when pressed before the search has caught up
 * with the last keystroke. Leaving the field keeps the chosen airport, or clears it when the text
 * was erased.
 */
export function AirportSelect<T extends AirportOption = AirportOption>({
  label,
  airports,
  value,
  onChange,
  onBlur,
  name,
  id,
  placeholder,
  hint,
  error,
  required = false,
  disabled = false,
  ref,
  suggestions,
  suggestionsLabel,
}: AirportSelectProps<T>) {
  const intl = useIntl();
  const cityName = useCityName();
  const inputText = (airport: T | null) => airportInputText(airport, cityName);
  const ids = useFieldIds(id);
  const statusId = `${ids.controlId}-status`;
  const [touched, setTouched] = useState(false);

  const countryNames = useMemo(
    () => new Intl.DisplayNames([intl.locale], { type: 'region', fallback: 'code' }),
    [intl.locale],
  );
  const index = useMemo(
    () => buildAirportIndex(airports, (code) => regionName(countryNames, code), cityName),
    [airports, countryNames, cityName],
  );
  const selectedItem = useMemo(
    () => (value === null ? null : (airports.find((airport) => airport.id === value) ?? null)),
    [airports, value],
  );

  // Downshift owns the input's text (controlling it from outside would lose fast keystrokes);
  // what is searched follows it 250 ms after the last keystroke.
  const [query, setQuery] = useState('');
  // Text of an Enter pressed before the airports arrived, picked once they do (`pickTypedText`).
  const [pendingPick, setPendingPick] = useState<string | null>(null);
  const debounce = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(debounce.current), []);
  const followInput = ({ inputValue, type }: UseComboboxInputValueChange<T>) => {
    window.clearTimeout(debounce.current);
    // Any change of the text drops an Enter waiting for the airports (`pickTypedText`).
    setPendingPick(null);
    // Only typing searches: the text of a chosen airport is not a query. An emptied field stops
    // searching at once.
    if (
      type !== useCombobox.stateChangeTypes.InputChange ||
      !isAirportQuerySearchable(inputValue)
    ) {
      setQuery('');
      return;
    }
    debounce.current = window.setTimeout(() => setQuery(inputValue), AIRPORT_SELECT_DEBOUNCE_MS);
  };
  const search = useMemo(() => searchAirports(index, query), [index, query]);
  const hasSuggestions = suggestions !== undefined && suggestions.length > 0;
  const suggesting = query === '' && hasSuggestions;
  const notes = new Map(
    suggesting ? suggestions.map((entry) => [entry.airport.id, entry.note]) : [],
  );
  const items = (suggesting ? suggestions.map((entry) => entry.airport) : search.results) as T[];

  const stateReducer = (
    state: UseComboboxState<T>,
    { type, changes }: UseComboboxStateChangeOptions<T>,
  ): Partial<UseComboboxState<T>> => {
    // The click that focused a field with suggestions leaves them open (focus opened them).
    if (type === useCombobox.stateChangeTypes.InputClick && hasSuggestions)
      return { ...changes, isOpen: true };
    // An airport chosen from outside the list (Enter on typed text) closes the list too.
    if (type === useCombobox.stateChangeTypes.FunctionSelectItem)
      return { ...changes, isOpen: false };
    if (type !== useCombobox.stateChangeTypes.InputBlur) return changes;
    if (changes.selectedItem !== state.selectedItem) return changes;
    // Left without choosing: an emptied field clears the choice, other text goes back to it.
    if (state.inputValue.trim() === '') return { ...changes, selectedItem: null, inputValue: '' };
    return { ...changes, inputValue: inputText(state.selectedItem) };
  };

  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getMenuProps,
    getItemProps,
    selectItem,
    openMenu,
    setHighlightedIndex,
    inputValue,
    setInputValue,
  } = useCombobox<T>({
    items,
    itemToString: inputText,
    itemToKey: (item) => item?.id ?? null,
    selectedItem,
    initialInputValue: inputText(selectedItem),
    inputId: ids.controlId,
    labelId: ids.labelId,
    menuId: `${ids.controlId}-listbox`,
    stateReducer,
    onInputValueChange: followInput,
    onSelectedItemChange: ({ selectedItem: next }) => onChange(next?.id ?? null, next ?? null),
  });

  // A language change renames the chosen airport's city in the field, unless other text is typed.
  const shownCityName = useRef(cityName);
  useEffect(() => {
    const previous = shownCityName.current;
    shownCityName.current = cityName;
    if (previous === cityName || !selectedItem) return;
    if (inputValue === airportInputText(selectedItem, previous)) {
      setInputValue(airportInputText(selectedItem, cityName));
    }
  }, [cityName, inputValue, selectedItem, setInputValue]);

  // What was typed is matched as soon as it is searched: the best match is highlighted.
  useEffect(() => {
    if (query !== '' && search.results.length > 0) setHighlightedIndex(0);
  }, [query, search, setHighlightedIndex]);

  /**
   * Enter before the search has caught up with the last keystroke (typing 'LON' and Enter at
   * once), or while nothing is highlighted (before the best match is, or after the pointer left
   * the list), picks the best match of what is in the field; Enter before the airports have
   * arrived picks it once they do (unless the text changed meanwhile). An Enter on a highlighted
   * option of what was searched is Downshift's.
   */
  const pickTypedText = (event: KeyboardEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value;
    if (event.key !== 'Enter' || !isAirportQuerySearchable(typed)) return;
    if (typed === query && highlightedIndex >= 0) return;
    if (typed === inputText(selectedItem)) return;
    const [best] = searchAirports(index, typed, 1).results;
    if (!best && airports.length > 0) return;
    event.preventDefault();
    (
      event.nativeEvent as KeyboardEvent['nativeEvent'] & { preventDownshiftDefault?: boolean }
    ).preventDownshiftDefault = true;
    if (!best) {
      setPendingPick(typed);
      return;
    }
    // Choosing sets the field's text, which stops the pending search (`followInput`).
    selectItem(best);
  };
  const [pendingBest] = pendingPick === null ? [] : searchAirports(index, pendingPick, 1).results;
  useEffect(() => {
    if (pendingBest) selectItem(pendingBest);
  }, [pendingBest, selectItem]);

  const shownError =
    error ||
    (required && touched && !selectedItem
      ? intl.formatMessage({ id: 'ui.field.required' })
      : undefined);

  // Downshift's ref is merged with the caller's (react-hook-form focuses the input on an error).
  const { ref: downshiftInputRef, ...inputProps } = getInputProps({
    disabled,
    placeholder,
    required,
    'aria-invalid': shownError ? true : undefined,
    'aria-describedby': describedBy(ids, { hint, error: shownError }),
    className: [controlStyles.control, styles.input].join(' '),
    spellCheck: false,
    autoCapitalize: 'off',
    onFocus: (event) => {
      event.currentTarget.select();
      if (hasSuggestions) openMenu();
    },
    onKeyDown: pickTypedText,
    onBlur: () => {
      setTouched(true);
      onBlur?.();
    },
  });

  const notice = !isOpen
    ? null
    : suggesting
      ? (suggestionsLabel ?? null)
      : query === ''
        ? intl.formatMessage({ id: 'ui.airportSelect.typeToSearch' })
        : items.length === 0
          ? intl.formatMessage({ id: 'ui.airportSelect.noResults' })
          : search.truncated
            ? intl.formatMessage({ id: 'ui.airportSelect.moreOptions' })
            : null;
  const status = !isOpen
    ? ''
    : items.length > 0
      ? [
          intl.formatMessage({ id: 'ui.airportSelect.resultCount' }, { count: items.length }),
          notice,
        ]
          .filter(Boolean)
          .join(' ')
      : (notice ?? '');

  return (
    <Field ids={ids} label={label} required={required} hint={hint} error={shownError}>
      <div className={styles.combobox}>
        <div className={styles.inputWrapper}>
          <Icon name="search" className={styles.searchIcon} />
          <input {...inputProps} ref={mergeRefs<HTMLInputElement>(downshiftInputRef, ref)} />
          {selectedItem && !disabled ? (
            <button
              type="button"
              className={styles.clear}
              aria-label={intl.formatMessage({ id: 'ui.airportSelect.clear' })}
              title={intl.formatMessage({ id: 'ui.airportSelect.clear' })}
              onClick={() => {
                selectItem(null);
                document.getElementById(ids.controlId)?.focus();
              }}
            >
              <Icon name="close" />
            </button>
          ) : null}
        </div>
        {name ? <input type="hidden" name={name} value={selectedItem?.id ?? ''} /> : null}
        <div className={styles.popup} hidden={!isOpen}>
          {notice ? (
            <p className={styles.notice} aria-hidden="true">
              {notice}
            </p>
          ) : null}
          <ul
            {...getMenuProps({ className: styles.listbox })}
            hidden={!isOpen || items.length === 0}
          >
            {isOpen
              ? items.map((airport, itemIndex) => (
                  <li
                    key={airport.id}
                    className={styles.option}
                    data-highlighted={highlightedIndex === itemIndex || undefined}
                    data-selected={selectedItem?.id === airport.id || undefined}
                    {...getItemProps({ item: airport, index: itemIndex })}
                  >
                    <span className={styles.optionMain}>
                      <span className={styles.city}>{cityName(airport.city)}</span>{' '}
                      <span className={styles.code}>{airport.id}</span>
                    </span>{' '}
                    <span className={styles.optionDetail}>
                      {airport.airports
                        ? intl.formatMessage(
                            { id: 'ui.airportSelect.allAirports' },
                            { codes: intl.formatList(airport.airports, { type: 'unit' }) },
                          )
                        : airport.name}
                      , {regionName(countryNames, airport.country)}
                    </span>
                    {notes.get(airport.id) ? (
                      <>
                        {' '}
                        <span className={styles.optionNote}>{notes.get(airport.id)}</span>
                      </>
                    ) : null}
                  </li>
                ))
              : null}
          </ul>
        </div>
        <div id={statusId} role="status" aria-live="polite" className="visually-hidden">
          {status}
        </div>
      </div>
    </Field>
  );
}
