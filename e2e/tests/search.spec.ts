import { expect, test } from '../fixtures/test.ts';
import {
  addDays,
  chooseAirport,
  closeOpenedCalendar,
  cityOf,
  dailyReturnRoute,
  expectNoAxeViolations,
  flies,
  flyingDay,
  loadNetwork,
  longDate,
  reverseOf,
  today,
  usDate,
  type Network,
  type NetworkRoute,
} from './search-helpers.ts';

/**
 * The traveller's search (issue 7): the form on home, the price calendar, the results routes
 * with the route guard, filters and sort in the URL, choosing flights and the basket — in real
 * Chromium against the real server and its seeded network.
 */

/** A route that does not fly every day, with a route back. */
function partWeekRoute(network: Network): NetworkRoute {
  const route = network.routes.find(
    (entry) =>
      entry.dow !== 127 &&
      entry.af <= today() &&
      entry.au === null &&
      reverseOf(network, entry) !== undefined,
  );
  if (!route) throw new Error('no route flying on some weekdays only');
  return route;
}

function notFlyingDay(route: NetworkRoute, from: string): string {
  let day = from;
  while (flies(route, day)) day = addDays(day, 1);
  return day;
}

test.describe('search form on home', () => {
  test('a return search from home reaches results with prices for both legs', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const { out, back } = dailyReturnRoute(network);
    const departure = addDays(today(), 14);
    const comeBack = addDays(departure, 7);

    await page.goto('/');
    await chooseAirport(page, 'From', out.from);
    await chooseAirport(page, 'To', out.to);
    await page.getByRole('textbox', { name: 'Departure' }).fill(usDate(departure));
    await page.getByRole('textbox', { name: 'Return' }).fill(usDate(comeBack));
    await page.getByRole('button', { name: 'Search flights' }).click();

    await expect(page).toHaveURL(
      `/flights/1/0/0/${out.id}.${departure}._/${back.id}.${comeBack}._`,
    );
    const from = cityOf(network, out.from);
    const to = cityOf(network, out.to);
    await expect(
      page.getByRole('heading', { level: 1, name: `Flights from ${from} to ${to}` }),
    ).toBeVisible();
    for (const [name, legFrom, legTo] of [
      ['Outbound flight', from, to],
      ['Return flight', to, from],
    ] as const) {
      const leg = page.getByRole('region', { name: `${name}: ${legFrom} to ${legTo}` });
      await expect(leg.getByText(/^\d+ flights? found$/)).toBeVisible();
      await expect(
        leg
          .getByRole('listitem')
          .first()
          .getByText(/^\$[\d,.]+$/),
      ).toBeVisible();
    }
    await expect(page.getByRole('status').filter({ hasText: 'Search complete' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a one-way search picks its day in the price calendar, where only operated days can be picked', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const route = partWeekRoute(network);
    const start = addDays(today(), 10);
    const operated = flyingDay(route, start);
    const closed = notFlyingDay(route, start);

    await page.goto('/');
    await page.getByRole('radio', { name: 'One-way' }).check();
    await chooseAirport(page, 'From', route.from);
    await chooseAirport(page, 'To', route.to);
    await page.getByRole('button', { name: 'Open the calendar: Departure' }).click();
    const calendar = page.getByRole('dialog', { name: 'Departure' });
    await expect(calendar).toBeVisible();
    // The legend explains the marks in words and says how fresh the prices are.
    await expect(calendar.getByText('Lowest price of the month', { exact: true })).toBeVisible();
    await expect(calendar.getByText(/Prices as of /)).toBeVisible();
    for (const day of [operated, closed]) {
      const month = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      while (!(await calendar.getByRole('grid', { name: month }).isVisible())) {
        await calendar.getByRole('button', { name: 'Next month' }).click();
      }
      const button = calendar.getByRole('button', { name: new RegExp(`^${longDate(day)}`) });
      if (day === closed) await expect(button).toBeDisabled();
      else await expect(button).toBeEnabled();
    }
    // The operated day shows its price and rating in its name.
    const day = calendar.getByRole('button', { name: new RegExp(`^${longDate(operated)}`) });
    await expect(day).toHaveAccessibleName(/\$[\d,]+ (lowest|regular|highest) price/);
    await expectNoAxeViolations(page);
    await day.click();
    await expect(calendar).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Departure' })).toHaveValue(usDate(operated));

    await page.getByRole('button', { name: 'Search flights' }).click();
    await expect(page).toHaveURL(`/flights/1/0/0/${route.id}.${operated}._`);
    await expect(page.getByText(/^\d+ flights? found$/)).toBeVisible();
  });

  test('a typed day the route does not fly shows the route date message', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const route = partWeekRoute(network);
    const closed = notFlyingDay(route, addDays(today(), 10));
    const weekday = new Date(`${closed}T00:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      timeZone: 'UTC',
    });

    await page.goto('/');
    await page.getByRole('radio', { name: 'One-way' }).check();
    await chooseAirport(page, 'From', route.from);
    await chooseAirport(page, 'To', route.to);
    const field = page.getByRole('textbox', { name: 'Departure' });
    await field.fill(usDate(closed));
    await field.press('Tab');
    const message = `${cityOf(network, route.from)} to ${cityOf(network, route.to)}: route does not fly on ${weekday}`;
    await expect(page.getByText(message)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Search flights' }).click();
    await expect(page).toHaveURL('/');
    await expect(field).toBeFocused();
  });

  test('a multi-city search of three flights reaches the multi results with prices', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const { out } = dailyReturnRoute(network);
    const onward = network.routes.find((route) => route.from === out.to && route.to !== out.from);
    const next = network.routes.find((route) => route.from === onward?.to && route.to !== out.to);
    if (!onward || !next) throw new Error('no chain of three routes');
    const first = addDays(today(), 12);
    const second = flyingDay(onward, addDays(first, 2));
    const third = flyingDay(next, addDays(second, 1));

    await page.goto('/');
    await page.getByRole('radio', { name: 'Multi-city' }).check();
    const flight = (number: number) => page.getByRole('group', { name: `Flight ${number}` });
    const choose = async (number: number, label: 'From' | 'To', code: string) => {
      await flight(number).getByRole('combobox', { name: label }).fill(code);
      await page
        .getByRole('option', { name: new RegExp(`\\b${code}\\b`) })
        .first()
        .click();
      if (label === 'To') await closeOpenedCalendar(page);
    };
    await choose(1, 'From', out.from);
    await choose(1, 'To', out.to);
    await flight(1).getByRole('textbox', { name: 'Flight date' }).fill(usDate(first));
    // Each flight starts where the previous one lands.
    await expect(flight(2).getByRole('combobox', { name: 'From' })).toHaveValue(
      new RegExp(`\\(${out.to}\\)`),
    );
    await choose(2, 'To', onward.to);
    await flight(2).getByRole('textbox', { name: 'Flight date' }).fill(usDate(second));
    await page.getByRole('button', { name: 'Add a flight' }).click();
    await expect(flight(3).getByRole('combobox', { name: 'From' })).toHaveValue(
      new RegExp(`\\(${onward.to}\\)`),
    );
    await choose(3, 'To', next.to);
    await flight(3).getByRole('textbox', { name: 'Flight date' }).fill(usDate(third));
    await page.getByRole('button', { name: 'Search flights' }).click();

    await expect(page).toHaveURL(
      `/multi/1/0/0/${out.id}.${first}._/${onward.id}.${second}._/${next.id}.${third}._`,
    );
    await expect(
      page.getByRole('heading', { level: 1, name: /^Multi-city trip from / }),
    ).toBeVisible();
    for (const number of [1, 2, 3]) {
      const leg = page.getByRole('region', { name: new RegExp(`^Flight ${number}: `) });
      await expect(leg.getByText(/^(\d+ flights? found|No flights found.*)$/)).toBeVisible();
    }
    await expect(page.getByText(/^\$[\d,.]+$/).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('results', () => {
  test('filters and sort order live in the URL and survive a reload', async ({ page, request }) => {
    const network = await loadNetwork(request);
    const { out, back } = dailyReturnRoute(network);
    const departure = addDays(today(), 20);
    await page.goto(
      `/flights/1/0/0/${out.id}.${departure}._/${back.id}.${addDays(departure, 3)}._`,
    );
    await expect(page.getByText(/^\d+ flights? found$/).first()).toBeVisible();

    await page.getByRole('radio', { name: 'Cheapest' }).check();
    await expect(page).toHaveURL(/[?&]sort=cheapest/);
    const outbound = page.getByRole('group', { name: /^Outbound flight: / });
    await outbound.getByRole('combobox', { name: 'Departing from' }).selectOption('6');
    await outbound.getByRole('combobox', { name: 'Departing until' }).selectOption('22');
    await expect(page).toHaveURL(/[?&]td0=0600-2200/);

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Cheapest' })).toBeChecked();
    const reloaded = page.getByRole('group', { name: /^Outbound flight: / });
    await expect(reloaded.getByRole('combobox', { name: 'Departing from' })).toHaveValue('6');
    await expect(reloaded.getByRole('combobox', { name: 'Departing until' })).toHaveValue('22');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\?sort=cheapest$/);
  });

  test('choosing a flight and fare per leg writes the URL; the basket totals them and continues to booking', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const { out, back } = dailyReturnRoute(network);
    const departure = addDays(today(), 25);
    const comeBack = addDays(departure, 4);
    await page.goto(`/flights/2/0/0/${out.id}.${departure}._/${back.id}.${comeBack}._`);

    for (const [index, name] of ['Outbound flight', 'Return flight'].entries()) {
      const leg = page.getByRole('region', { name: new RegExp(`^${name}: `) });
      await leg
        .getByRole('button', { name: /^See fares for the flight departing at / })
        .first()
        .click();
      await leg
        .getByRole('button', { name: /^Choose / })
        .first()
        .click();
      await expect(page).toHaveURL(
        index === 0
          ? new RegExp(`/${out.id}\\.${departure}\\.[\\w-]+\\.[A-Z]+/`)
          : new RegExp(`/${back.id}\\.${comeBack}\\.[\\w-]+\\.[A-Z]+$`),
      );
      await expect(leg.getByText(/^Chosen: /)).toBeVisible();
    }
    const summary = page.getByRole('region', { name: 'Your trip' });
    await expect(summary.getByText('2 of 2 flights chosen')).toBeVisible();
    await expect(summary.getByText(/^Total \$[\d,.]+ for 2 seats$/)).toBeVisible();

    await summary.getByRole('link', { name: 'Review your trip' }).click();
    const basket = page.getByRole('dialog', { name: 'Basket' });
    await expect(basket.getByText('2 adults, 0 children, 0 infants')).toBeVisible();
    await expect(basket.getByText(/ × 2 seats = \$/).first()).toBeVisible();
    await expect(basket.getByText(/^Total \$[\d,.]+ for 2 seats$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await basket.getByRole('link', { name: 'Continue to booking' }).click();
    await expect(page).toHaveURL('/choose');
  });

  test('a day the route does not fly, or that has passed, offers the nearest days it flies', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const route = partWeekRoute(network);
    const closed = notFlyingDay(route, addDays(today(), 15));
    await page.goto(`/flights/1/0/0/${route.id}.${closed}._`);
    await expect(page).toHaveURL(`/flights/1/0/0/${route.id}.${closed}._`);
    await expect(
      page.getByText('No flights found for this destination for the chosen date'),
    ).toBeVisible();
    await expect(page.getByText(/: route does not fly on /)).toBeVisible();
    const days = page.getByRole('navigation', { name: /^Other days / });
    await expect(days.getByRole('link')).not.toHaveCount(0);
    await expectNoAxeViolations(page);
    await days.getByRole('link').last().click();
    await expect(page).toHaveURL(
      new RegExp(`/flights/1/0/0/${route.id}\\.\\d{4}-\\d{2}-\\d{2}\\._$`),
    );
    await expect(page.getByText(/^(\d+ flights? found|No flights found.*)$/)).toBeVisible();

    const { out } = dailyReturnRoute(network);
    await page.goto(`/flights/1/0/0/${out.id}.${addDays(today(), -3)}._`);
    await expect(page.getByText('The chosen day has passed.')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: /^Other days / }).getByRole('link'),
    ).not.toHaveCount(0);
  });
});

test.describe('route guard', () => {
  test('drops invalid destinations, corrects passengers, and sends legs that are not a return to multi', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const { out, back } = dailyReturnRoute(network);
    const day = addDays(today(), 30);
    await page.goto(`/flights/1/0/0/${out.id}.${day}._/999999999.${day}._`);
    await expect(page).toHaveURL(`/flights/1/0/0/${out.id}.${day}._`);
    await expect(page.getByText(/^\d+ flights? found$/)).toBeVisible();

    await page.goto(`/flights/0/1/3/${out.id}.${day}._`);
    await expect(page).toHaveURL(`/flights/1/1/1/${out.id}.${day}._`);

    // Return before the outbound flight: not a return trip, so multi-city.
    await page.goto(`/flights/1/0/0/${out.id}.${day}._/${back.id}.${addDays(day, -2)}._`);
    await expect(page).toHaveURL(
      `/multi/1/0/0/${out.id}.${day}._/${back.id}.${addDays(day, -2)}._`,
    );
    await expect(
      page.getByRole('heading', { level: 1, name: /^Multi-city trip from / }),
    ).toBeVisible();

    await page.goto(`/flights/1/0/0/999999999.${day}._`);
    await expect(page).toHaveURL('/');
  });
});
