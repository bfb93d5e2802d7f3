import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { PnrParamsSchema } from '@uniquair/contract/booking';
import {
  AcceptScheduleChangeRequestSchema,
  ScheduleChangeAnswerResponseSchema,
  SubstituteRequestSchema,
  SubstitutesQuerySchema,
  SubstitutesResponseSchema,
} from '@uniquair/contract/booking-schedule-changes';
import { errorResponses } from '../../lib/error-body.ts';
import { privateAnswer } from '../../plugins/auth.ts';
import type { Viewer } from './booking.read.ts';
import type { BookingService } from './booking.service.ts';
import type { ChangeableBooking } from './booking.schedule-changes.ts';

/** Answers to schedule changes, per client in a minute (each is one tap of a traveller). */
const ANSWER_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

export interface ScheduleChangeRoutesOptions {
  service: BookingService;
  /** The booking reads' guard (look-up miss limit) of `booking.routes.ts`. */
  guarded: <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: (viewer: Viewer) => Promise<T>,
  ) => Promise<T>;
  headers: z.ZodObject;
  readsRateLimit: { max: number; timeWindow: number };
}

const ACCESS =
  'Same access as `GET /api/booking/{pnr}/get` (owner or a device token in `X-Booking-Tokens`; ' +
  'anyone else 404 NOT_FOUND). ';

/**
 * The traveller's answers to a schedule change (docs/schedule-changes.md): accept the new time,
 * or list substitute flights and move to one. Registered by `bookingRoutes`, with its guard.
 */
export function scheduleChangeRoutes(
  server: FastifyInstance,
  options: ScheduleChangeRoutesOptions,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { service, guarded, headers } = options;
  const changeable = async (pnr: string, viewer: Viewer): Promise<ChangeableBooking> => {
    const row = await service.open(pnr, viewer);
    return { id: Number(row.id), status: row.status };
  };

  app.post(
    '/api/booking/:pnr/schedule-change/accept',
    {
      config: { rateLimit: ANSWER_RATE_LIMIT },
      schema: {
        tags: ['booking'],
        summary: 'Accept the new time of a changed flight',
        description:
          ACCESS +
          'The leg takes the flight’s new times; its tickets stay. 409 NO_SCHEDULE_CHANGE when ' +
          'the leg has none, SCHEDULE_CHANGE_ANSWERED when it was answered, FLIGHT_CANCELLED ' +
          'when the flight was cancelled (choose a substitute or cancel); 400 VALIDATION_ERROR ' +
          'for a leg the booking does not have.',
        params: PnrParamsSchema,
        headers,
        body: AcceptScheduleChangeRequestSchema,
        response: {
          200: ScheduleChangeAnswerResponseSchema,
          ...errorResponses(400, 403, 404, 409, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const scheduleChanges = await guarded(request, reply, async (viewer) =>
        service.scheduleChanges.accept(
          await changeable(request.params.pnr, viewer),
          request.body.flightIndex,
        ),
      );
      return privateAnswer(reply).send({ success: true as const, scheduleChanges });
    },
  );

  app.get(
    '/api/booking/:pnr/substitutes',
    {
      config: { rateLimit: options.readsRateLimit },
      schema: {
        tags: ['booking'],
        summary: 'Substitute flights for a changed or cancelled flight',
        description:
          ACCESS +
          'Flights of the same route from 3 days before to 3 days after the booked date, not ' +
          'cancelled and not the changed flight, with seats for every seated passenger in the ' +
          'booked class or a higher one (Q < M < B < Y < J); each offers the lowest such class. ' +
          'No extra charge. Only while the change is unanswered (409 otherwise).',
        params: PnrParamsSchema,
        querystring: SubstitutesQuerySchema,
        headers,
        response: { 200: SubstitutesResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const flights = await guarded(request, reply, async (viewer) =>
        service.scheduleChanges.substitutes(
          await changeable(request.params.pnr, viewer),
          request.query.flightIndex,
        ),
      );
      return privateAnswer(reply).send({ success: true as const, flights });
    },
  );

  app.post(
    '/api/booking/:pnr/substitute',
    {
      config: { rateLimit: ANSWER_RATE_LIMIT },
      schema: {
        tags: ['booking'],
        summary: 'Move a changed flight to a substitute flight',
        description:
          ACCESS +
          'In one transaction: the new seats are taken (409 SUBSTITUTE_SOLD_OUT and nothing ' +
          'changes when they are gone), the old ones given back, the leg moved to the new flight ' +
          'and its tickets re-issued. 400 VALIDATION_ERROR for a flight or class that is not a ' +
          'substitute; 409 when the change was answered.',
        params: PnrParamsSchema,
        headers,
        body: SubstituteRequestSchema,
        response: {
          200: ScheduleChangeAnswerResponseSchema,
          ...errorResponses(400, 403, 404, 409, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const scheduleChanges = await guarded(request, reply, async (viewer) =>
        service.scheduleChanges.substitute(
          await changeable(request.params.pnr, viewer),
          request.body,
        ),
      );
      return privateAnswer(reply).send({ success: true as const, scheduleChanges });
    },
  );
}
