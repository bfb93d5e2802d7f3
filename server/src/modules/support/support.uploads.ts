import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MEDIA_TYPES,
  MAX_ATTACHMENTS,
} from '@uniquair/contract/support';
import { ServiceError } from '../../lib/service-error.ts';
import { FILES_FIELD } from './support.attachment-image.ts';
import type { AttachmentFile } from './support.attachments.ts';

/**
 * Limits of a message sent as a multipart form (`@fastify/multipart`, registered by each support
 * routes plugin with these): at most 5 images of 5 MB each, the text fields (`body`, the desk's
 * `internal`) of at most 64 KB (10,000 characters of any script fit).
 */
export const MESSAGE_FORM_LIMITS = {
  fileSize: ATTACHMENT_MAX_BYTES,
  files: MAX_ATTACHMENTS,
  fields: 4,
  fieldSize: 64 * 1024,
  parts: MAX_ATTACHMENTS + 8,
  headerPairs: 100,
} as const;

/** A form larger than this is refused before it is read (413). */
const FORM_MAX_BYTES = MAX_ATTACHMENTS * ATTACHMENT_MAX_BYTES + 256 * 1024;

/** `body` of a route taking a message as JSON, or as a multipart form with its images. */
export function jsonOrForm<Json extends z.ZodType, Form extends z.ZodType>(json: Json, form: Form) {
  return {
    content: {
      'application/json': { schema: json },
      'multipart/form-data': { schema: form },
    },
  };
}

/** What the multipart plugin's own failures mean for the sender. */
function formError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ServiceError('PAYLOAD_TOO_LARGE', 'support.error.fileTooLarge', {
        [FILES_FIELD]: ['support.error.fileTooLarge'],
      });
    case 'FST_FILES_LIMIT':
      return new ServiceError('VALIDATION_ERROR', 'support.error.tooManyFiles', {
        [FILES_FIELD]: ['support.error.tooManyFiles'],
      });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ServiceError('PAYLOAD_TOO_LARGE', 'apiError.payloadTooLarge', {
        _: ['apiError.payloadTooLarge'],
      });
    default:
      // No closing boundary, a part without headers, a declared JSON field that is not JSON…
      return new ServiceError('BAD_REQUEST', 'Not a well-formed form', {
        _: ['apiError.badRequest'],
      });
  }
}

/**
 * A route's `preValidation`: reads a multipart message into `request.body` — each text field as a
 * string (a repeated one as a list, which validation refuses), the `files` parts as `File`s — for
 * the route's form schema to validate as it validates JSON. The declared type and name of a file
 * are kept but never trusted (the content decides; see `reencodeAttachment`). A file over 5 MB is
 * 413 'Max file size allowed is 5.00 MB', a sixth file 400, both on `body.files`; nothing has been
 * stored by then. Other bodies are left to the JSON parser.
 */
export async function readMessageForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  if (Number(request.headers['content-length'] ?? 0) > FORM_MAX_BYTES) {
    throw new ServiceError('PAYLOAD_TOO_LARGE', 'apiError.payloadTooLarge', {
      _: ['apiError.payloadTooLarge'],
    });
  }
  const fields: Record<string, unknown[]> = {};
  const files: Record<string, File[]> = {};
  try {
    for await (const part of request.parts({ limits: MESSAGE_FORM_LIMITS })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // What a form sends for a file input left empty: no name, no bytes.
        if (part.filename === '' && data.length === 0) continue;
        (files[part.fieldname] ??= []).push(
          new File([data], part.filename, { type: part.mimetype }),
        );
      } else if (part.valueTruncated) {
        throw new ServiceError('VALIDATION_ERROR', 'support.error.tooLong', {
          [`body.${part.fieldname}`]: ['support.error.tooLong'],
        });
      } else {
        (fields[part.fieldname] ??= []).push(part.value);
      }
    }
  } catch (error) {
    throw formError(error);
  }
  request.body = {
    ...Object.fromEntries(
      Object.entries(fields).map(([name, values]) => [
        name,
        values.length === 1 ? values[0] : values,
      ]),
    ),
    ...files,
  };
}

/**
 * The validated message of a route taking JSON or a form (its schema chose by the media type),
 * with the images of a form; a request without a body is 400 on `body.body`.
 */
export function sentMessage<Message extends { body: string }>(
  request: FastifyRequest,
): Message & { files: File[] } {
  const sent = request.body as (Message & { files?: File[] }) | null | undefined;
  if (sent === null || sent === undefined || typeof sent !== 'object') {
    throw new ServiceError('VALIDATION_ERROR', 'apiError.required', {
      'body.body': ['apiError.required'],
    });
  }
  return { ...sent, files: sent.files ?? [] };
}

/**
 * `filename` in ASCII (anything else, quotes, backslashes and percent signs as `_`) for old
 * clients, and `filename*` (RFC 6266, RFC 8187) with the name in UTF-8, percent-encoded.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends an image to download: its own type, `attachment` with its name (never shown inline by the
 * browser), `nosniff`, a sandboxing Content-Security-Policy, and never cached outside the
 * caller's browser (`private, no-store`).
 */
export function sendAttachment(reply: FastifyReply, file: AttachmentFile): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', attachmentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .header('vary', 'Cookie')
    .send(file.data);
}

/** The 200 answer of a download, for the route schema and the OpenAPI document. */
export const ATTACHMENT_DOWNLOAD = {
  description:
    'The image, re-encoded without metadata, as an attachment named as it was sent (`Content-Disposition: attachment; filename=…; filename*=UTF-8…`), with `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store`.',
  content: Object.fromEntries(ATTACHMENT_MEDIA_TYPES.map((type) => [type, { schema: z.file() }])),
};
