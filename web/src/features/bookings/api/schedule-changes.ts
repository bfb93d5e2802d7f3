import type { z } from 'zod';
import type {
  ScheduleChangeAnswerResponseSchema,
  SubstituteFlight,
  SubstitutesResponseSchema,
} from '@uniquair/contract/booking-schedule-changes';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { bookingAccessHeaders } from '../../../lib/booking-access.ts';

/** The traveller's answers to a schedule change (docs/schedule-changes.md), with the booking's access. */

type AnswerResponse = z.infer<typeof ScheduleChangeAnswerResponseSchema>;
type SubstitutesResponse = z.infer<typeof SubstitutesResponseSchema>;

const base = (pnr: string) => `/api/booking/${encodeURIComponent(pnr.toUpperCase())}`;

/** `GET /api/booking/{pnr}/substitutes?flightIndex=N`. */
export async function getSubstitutes(
  pnr: string,
  flightIndex: number,
): Promise<SubstituteFlight[]> {
  const response = await apiGet<SubstitutesResponse>(
    `${base(pnr)}/substitutes?flightIndex=${flightIndex}`,
    { headers: bookingAccessHeaders(pnr) },
  );
  return response.flights;
}

/** `POST /api/booking/{pnr}/schedule-change/accept`. */
export function acceptScheduleChange(pnr: string, flightIndex: number): Promise<AnswerResponse> {
  return apiPost<AnswerResponse>(
    `${base(pnr)}/schedule-change/accept`,
    { flightIndex },
    { headers: bookingAccessHeaders(pnr) },
  );
}

/** `POST /api/booking/{pnr}/substitute`. */
export function takeSubstitute(
  pnr: string,
  choice: { flightIndex: number; flightId: string; fareClass: string },
): Promise<AnswerResponse> {
  return apiPost<AnswerResponse>(`${base(pnr)}/substitute`, choice, {
    headers: bookingAccessHeaders(pnr),
  });
}
