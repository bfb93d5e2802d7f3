import type { MessageKey } from '@uniquair/i18n/messages';
import { isApiError } from '../../../lib/api-client.ts';

/** Server field messages this screen words itself, by the English text the API sends. */
const KNOWN: Readonly<Record<string, MessageKey>> = {
  'Incorrect password': 'account.incorrectPassword',
  'This is already your address': 'account.emailSame',
};

/**
 * The field errors of a `VALIDATION_ERROR` answer, by form field (`body.currentPassword` →
 * `currentPassword`), each as a catalogue key; empty for any other failure.
 */
export function serverFieldErrors(error: unknown): Record<string, MessageKey> {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR') return {};
  const fields: Record<string, MessageKey> = {};
  for (const [path, messages] of Object.entries(error.errors)) {
    if (!path.startsWith('body.')) continue;
    fields[path.slice('body.'.length)] = KNOWN[messages[0] ?? ''] ?? 'auth.fieldInvalid';
  }
  return fields;
}
