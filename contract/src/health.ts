import { z } from 'zod';

export const HealthResponseSchema = z
  .object({
    success: z.literal(true),
    status: z.literal('ok'),
    version: z.string(),
    database: z.object({
      kind: z.enum(['sqlite', 'postgres']),
      latencyMs: z.number().nonnegative(),
    }),
  })
  .meta({ id: 'Health', description: 'The service and its database answer.' });

export type HealthResponse = z.infer<typeof HealthResponseSchema>;
