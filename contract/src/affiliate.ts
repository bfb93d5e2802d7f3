import { z } from 'zod';

/** An affiliate partner as the app shows it (SPEC §3): a logo linking to the partner's site. */
export const AffiliateSchema = z
  .object({
    name: z.string(),
    logo: z.string().meta({ description: 'Wide logo for the top bar (URL).' }),
    logoSquare: z.string().meta({ description: 'Square logo for small screens (URL).' }),
    url: z.string().meta({ description: "The partner's site." }),
  })
  .meta({ id: 'Affiliate' });

/** `GET /api/affiliate/current` and the `affiliate` of the init data. */
export const AffiliateResponseSchema = z
  .object({
    affiliate: AffiliateSchema.nullable().meta({
      description: 'The affiliate attached to this visitor, or null.',
    }),
  })
  .meta({ id: 'CurrentAffiliate' });

export type Affiliate = z.infer<typeof AffiliateSchema>;
export type AffiliateResponse = z.infer<typeof AffiliateResponseSchema>;
