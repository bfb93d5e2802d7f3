import { z } from 'zod';

/** Size bound of one error report request body, in bytes (10 KB). */
export const ERROR_REPORT_MAX_BYTES = 10_240;

/**
 * `POST /api/error/save` (SPEC §3 "Error report", §7): what the app sends when it catches an
 * error. Only `component` is required, so that a report made in a failing state still arrives
 * (missing or null fields are stored empty); unknown fields are dropped.
 */
export const ErrorReportRequestSchema = z
  .object({
    component: z.string().trim().min(1).max(200).meta({ description: 'Where the error happened.' }),
    trace: z.string().max(ERROR_REPORT_MAX_BYTES).nullish().meta({ description: 'Stack trace.' }),
    info: z
      .string()
      .max(ERROR_REPORT_MAX_BYTES)
      .nullish()
      .meta({ description: 'Extra information, such as a component stack.' }),
    url: z.string().max(2048).nullish().meta({ description: 'Page address when it happened.' }),
    version: z.string().max(50).nullish().meta({ description: 'App version.' }),
  })
  .meta({ id: 'ErrorReport' });

export const ErrorReportResponseSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: 'ErrorReportSaved', description: 'The report is stored for operators.' });

export type ErrorReportRequest = z.input<typeof ErrorReportRequestSchema>;
export type ErrorReport = z.output<typeof ErrorReportRequestSchema>;
