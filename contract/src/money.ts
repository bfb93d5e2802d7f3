import { z } from 'zod';

/** An amount in minor units of an ISO 4217 currency. */
export const MoneySchema = z.object({
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
