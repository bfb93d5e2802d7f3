import { z } from 'zod';

/** The database a health check reached: its kind and the round-trip time of a `select 1`. */
const DatabaseReachedSchema = z.object({
  kind: z.enum(['sqlite', 'postgres']),
  latencyMs: z.number().nonnegative(),
});

export const HealthResponseSchema = z
  .object({
    success: z.literal(true),
    status: z.literal('ok'),
    version: z.string(),
    database: DatabaseReachedSchema,
  })
  .meta({ id: 'Health', description: 'The service and its database answer.' });

export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** What `GET /api/health/ready` answers when this process can take traffic. */
export const ReadinessResponseSchema = z
  .object({
    success: z.literal(true),
    status: z.literal('ready'),
    version: z.string(),
    database: DatabaseReachedSchema,
    /** Every migration this version knows is applied; how many there are. */
    migrations: z.object({ applied: z.number().int().nonnegative() }),
    /** `ready`: connected; `off`: no `REDIS_URL`, the process runs alone. */
    redis: z.enum(['ready', 'off']),
  })
  .meta({
    id: 'Readiness',
    description:
      'Ready for traffic: the database answers, every migration is applied, and Redis (when configured) is connected.',
  });

export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;
