import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { DayBit } from '@uniquair/domain/routes/day-of-week';
import { isValidRouteDay } from '@uniquair/domain/routes/route-availability';
import { ymd, type Ymd } from '@uniquair/domain/dates/ymd';
import { describe, expect, it, vi } from 'vitest';
import { Calendar, type CalendarProps } from './calendar.tsx';
import { renderWithIntl, type RenderWithIntlOptions } from './test-utils.tsx';

/** A Tuesday. */
const TODAY = ymd(2026, 3, 10);

async function renderCalendar(props: Partial<CalendarProps> = {}, options?: RenderWithIntlOptions) {
  const onSelect = vi.fn<(date: Ymd) => void>();
  const view = await renderWithIntl(
    <Calendar value={null} onSelect={onSelect} today={TODAY} {...props} />,
    options,
  );
  return { onSelect, view };
}

function grid(): HTMLElement {
  return screen.getByRole('grid');
}

function day(name: string | RegExp): HTMLElement {
  return within(grid()).getByRole('button', { name });
}

function focusedDayLabel(): string {
  return document.activeElement?.querySelector('.visually-hidden')?.textContent ?? '';
}

function focusedText(): string | undefined {
  return document.activeElement?.textContent;
}

/** Presses each step's keys in turn; after each, `read` gives the step's text. */
async function expectAfterKeys(
  user: UserEvent,
  read: () => string | undefined,
  steps: readonly (readonly [keys: string, expected: string])[],
) {
  for (const [keys, expected] of steps) {
    await user.keyboard(keys);
    expect(read()).toBe(expected);
  }
}

describe('Calendar', () => {
  it('shows the month of today, weeks starting on Monday, with English names by default', async () => {
    await renderCalendar();
    expect(grid().getAttribute('aria-label')).toBe('March 2026');
    // The day buttons carry full dates, so react-day-picker hides the weekday row from assistive
    // technology.
    const headers = within(grid()).getAllByRole('columnheader', { hidden: true });
    expect(headers.map((header) => header.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(headers[0]?.getAttribute('aria-label')).toBe('Monday');
    // 1 March 2026 is a Sunday: the first row holds it in the last column.
    const firstRow = within(grid()).getAllByRole('row')[0] as HTMLElement;
    const cells = within(firstRow).getAllByRole('gridcell');
    expect(cells).toHaveLength(7);
    expect(cells.at(-1)?.getAttribute('data-day')).toBe('2026-03-01');
    expect(within(cells[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(day('Today, Tuesday, March 10, 2026')).toBeTruthy();
  });

  it('names months and days in the UI language', async () => {
    await renderCalendar({}, { locale: 'de' });
    expect(grid().getAttribute('aria-label')).toBe('März 2026');
    const headers = within(grid()).getAllByRole('columnheader', { hidden: true });
    expect(headers[0]?.textContent).toBe('Mo');
    expect(headers[0]?.getAttribute('aria-label')).toBe('Montag');
    expect(screen.getByRole('button', { name: 'März, Monat wählen' })).toBeTruthy();
    expect(day(/Dienstag, 10\. März 2026/)).toBeTruthy();
  });

  it('moves with the arrow keys, Home/End and PageUp/PageDown, and picks with Enter', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderCalendar({ value: TODAY, autoFocus: true });
    expect(focusedDayLabel()).toBe('Today, Tuesday, March 10, 2026');
    await expectAfterKeys(user, focusedDayLabel, [
      ['{ArrowRight}', 'Wednesday, March 11, 2026'],
      ['{ArrowDown}', 'Wednesday, March 18, 2026'],
      ['{ArrowLeft}{ArrowUp}', 'Today, Tuesday, March 10, 2026'],
      ['{Home}', 'Monday, March 9, 2026'],
      ['{End}', 'Sunday, March 15, 2026'],
      ['{PageDown}', 'Wednesday, April 15, 2026'],
    ]);
    expect(grid().getAttribute('aria-label')).toBe('April 2026');
    await user.keyboard('{PageUp}{PageUp}');
    expect(focusedDayLabel()).toBe('Sunday, February 15, 2026');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('2026-02-15');
  });

  it('picks with Space and with a click', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderCalendar({ autoFocus: true });
    expect(focusedDayLabel()).toBe('Today, Tuesday, March 10, 2026');
    await user.keyboard('{ArrowRight} ');
    expect(onSelect).toHaveBeenLastCalledWith('2026-03-11');
    await user.click(day(/March 20, 2026/));
    expect(onSelect).toHaveBeenLastCalledWith('2026-03-20');
  });

  it('marks the selected day', async () => {
    await renderCalendar({ value: ymd(2026, 3, 12) });
    const cell = day(/March 12, 2026/).closest('td');
    expect(cell?.getAttribute('aria-selected')).toBe('true');
  });

  it('cannot pick days outside min and max, nor go to months outside them', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderCalendar({ min: ymd(2026, 3, 5), max: ymd(2026, 4, 20) });
    expect(day(/March 4, 2026/).hasAttribute('disabled')).toBe(true);
    expect(day(/March 5, 2026/).hasAttribute('disabled')).toBe(false);
    await user.click(day(/March 4, 2026/));
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Previous month' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(grid().getAttribute('aria-label')).toBe('April 2026');
    expect(day(/April 21, 2026/).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next month' }).hasAttribute('disabled')).toBe(true);
  });

  it('skips days that cannot be picked when moving with the keys', async () => {
    const user = userEvent.setup();
    // A route flying on Mondays and Fridays only.
    // Today (a Tuesday) cannot be picked, so focus starts on the month's first pickable day.
    await renderCalendar({ dowMask: DayBit.monday | DayBit.friday, autoFocus: true });
    expect(focusedDayLabel()).toBe('Monday, March 2, 2026');
    await user.keyboard('{ArrowRight}');
    expect(focusedDayLabel()).toBe('Friday, March 6, 2026');
    await user.keyboard('{ArrowDown}');
    expect(focusedDayLabel()).toBe('Friday, March 13, 2026');
    expect(day(/Tuesday, March 17/).hasAttribute('disabled')).toBe(true);
  });

  it('disables days with a predicate, e.g. a route’s availability', async () => {
    const route = { dow: DayBit.wednesday, availableFrom: ymd(2026, 3, 15), availableUntil: null };
    await renderCalendar({ isDayDisabled: (date) => !isValidRouteDay(route, date) });
    expect(day(/Wednesday, March 11/).hasAttribute('disabled')).toBe(true);
    expect(day(/Wednesday, March 18/).hasAttribute('disabled')).toBe(false);
    expect(day(/Thursday, March 19/).hasAttribute('disabled')).toBe(true);
  });

  it('renders content under each day and a legend', async () => {
    await renderCalendar({
      renderDayContent: (date) => (date === '2026-03-12' ? <span>€49</span> : null),
      legend: <p>Lowest prices per day</p>,
    });
    expect(day('Thursday, March 12, 2026 €49')).toBeTruthy();
    expect(screen.getByText('Lowest prices per day')).toBeTruthy();
  });

  describe('month picker', () => {
    it('renders content under each month, part of its name, and keeps the legend', async () => {
      const user = userEvent.setup();
      await renderCalendar({
        renderMonthContent: (_year, month) => (month === 4 ? <span>from €39</span> : null),
        legend: <p>Lowest prices per month</p>,
      });
      await user.click(screen.getByRole('button', { name: 'March, choose a month' }));
      const months = within(screen.getByRole('group', { name: 'Months' }));
      expect(months.getByRole('button', { name: 'April 2026 from €39' })).toBeTruthy();
      expect(months.getByRole('button', { name: 'May 2026' })).toBeTruthy();
      expect(screen.getByText('Lowest prices per month')).toBeTruthy();
    });

    it('lists the twelve months, with months without a pickable day disabled', async () => {
      const user = userEvent.setup();
      await renderCalendar({
        min: ymd(2026, 3, 10),
        max: ymd(2026, 11, 5),
        isDayDisabled: (date) => date.startsWith('2026-06'),
      });
      await user.click(screen.getByRole('button', { name: 'March, choose a month' }));
      const months = within(screen.getByRole('group', { name: 'Months' })).getAllByRole('button');
      expect(months.map((month) => month.textContent)).toEqual([
        'January',
        'February',
        'March',
        'April',
        'May',
        'June',
        'July',
        'August',
        'September',
        'October',
        'November',
        'December',
      ]);
      const disabled = months.filter((month) => month.hasAttribute('disabled'));
      expect(disabled.map((month) => month.textContent)).toEqual([
        'January',
        'February',
        'June',
        'December',
      ]);
      expect(months[2]?.getAttribute('aria-current')).toBe('true');
      expect(months[2]?.getAttribute('aria-label')).toBe('March 2026');
      expect(document.activeElement).toBe(months[2]);
    });

    it('disables months whose weekdays the route never flies in range', async () => {
      const user = userEvent.setup();
      // Only Sundays, between 2 and 6 March 2026: no Sunday there, so March is not selectable.
      await renderCalendar({
        min: ymd(2026, 3, 2),
        max: ymd(2026, 4, 30),
        dowMask: DayBit.sunday,
        today: ymd(2026, 4, 1),
        isDayDisabled: (date) => date > '2026-03-06' && date < '2026-04-01',
      });
      await user.click(screen.getByRole('button', { name: 'April, choose a month' }));
      const group = screen.getByRole('group', { name: 'Months' });
      expect(
        within(group).getByRole('button', { name: 'March 2026' }).hasAttribute('disabled'),
      ).toBe(true);
      expect(
        within(group).getByRole('button', { name: 'April 2026' }).hasAttribute('disabled'),
      ).toBe(false);
    });

    it('moves with the arrow keys, skipping disabled months, and picks with Enter', async () => {
      const user = userEvent.setup();
      await renderCalendar({ min: ymd(2026, 3, 10), max: ymd(2027, 12, 31) });
      await user.click(screen.getByRole('button', { name: 'March, choose a month' }));
      await expectAfterKeys(user, focusedText, [
        ['{ArrowDown}', 'June'],
        ['{ArrowRight}{ArrowRight}', 'August'],
        ['{Home}', 'March'],
        ['{ArrowLeft}', 'March'],
      ]);
      await user.keyboard('{End}{Enter}');
      expect(grid().getAttribute('aria-label')).toBe('December 2026');
      expect(focusedDayLabel()).toBe('Tuesday, December 1, 2026');
    });

    it('goes to the next or previous year with PageDown and PageUp', async () => {
      const user = userEvent.setup();
      await renderCalendar();
      await user.click(screen.getByRole('button', { name: 'March, choose a month' }));
      await user.keyboard('{PageDown}');
      expect(screen.getByRole('button', { name: '2027, choose a year' })).toBeTruthy();
      expect(document.activeElement?.getAttribute('aria-label')).toBe('March 2027');
      await user.keyboard('{PageUp}{PageUp}');
      expect(document.activeElement?.getAttribute('aria-label')).toBe('March 2025');
    });
  });

  describe('year picker', () => {
    it('lists 1900 to 30 years ahead by default', async () => {
      const user = userEvent.setup();
      await renderCalendar();
      await user.click(screen.getByRole('button', { name: '2026, choose a year' }));
      const years = within(screen.getByRole('group', { name: 'Years' })).getAllByRole('button');
      expect(years[0]?.textContent).toBe('1900');
      expect(years.at(-1)?.textContent).toBe('2056');
      expect(years).toHaveLength(2056 - 1900 + 1);
      expect(years.every((year) => !year.hasAttribute('disabled'))).toBe(true);
      expect(document.activeElement?.textContent).toBe('2026');
    });

    it('lists the years of min and max, disabling years without a pickable day', async () => {
      const user = userEvent.setup();
      await renderCalendar({
        min: ymd(2026, 3, 10),
        max: ymd(2029, 2, 1),
        isDayDisabled: (date) => date.startsWith('2027'),
      });
      await user.click(screen.getByRole('button', { name: '2026, choose a year' }));
      const years = within(screen.getByRole('group', { name: 'Years' })).getAllByRole('button');
      expect(years.map((year) => [year.textContent, year.hasAttribute('disabled')])).toEqual([
        ['2026', false],
        ['2027', true],
        ['2028', false],
        ['2029', false],
      ]);
    });

    it('moves with the keys and picking a year opens its months', async () => {
      const user = userEvent.setup();
      await renderCalendar();
      await user.click(screen.getByRole('button', { name: '2026, choose a year' }));
      await expectAfterKeys(user, focusedText, [
        ['{ArrowUp}{ArrowLeft}', '2021'],
        ['{PageUp}', '2009'],
        ['{End}', '2056'],
        ['{Home}', '1900'],
      ]);
      await user.keyboard('{ArrowRight}{ArrowRight} ');
      expect(screen.getByRole('group', { name: 'Months' })).toBeTruthy();
      expect(document.activeElement?.getAttribute('aria-label')).toBe('March 1902');
      await user.keyboard('{Enter}');
      expect(grid().getAttribute('aria-label')).toBe('March 1902');
    });
  });
});
