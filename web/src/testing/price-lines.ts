import { screen } from '@testing-library/react';

/** The amount a price breakdown shows beside `name` ('Fares', 'Extras'). */
export function priceLine(name: string): string | null | undefined {
  return screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
}
