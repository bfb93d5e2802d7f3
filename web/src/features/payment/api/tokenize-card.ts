import { CardTokenSchema, type CardToken } from '@uniquair/contract/booking';
import { HTTP_TIMEOUT_MS } from '@uniquair/domain/config/timings';

/** The card fields as the visitor typed them; they go to the gateway and nowhere else. */
export interface CardFields {
  readonly holder: string;
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}

export type CardField = keyof CardFields;

/** Why the gateway would not give a token. */
export class CardTokenizationError extends Error {
  override readonly name = 'CardTokenizationError';

  constructor(
    /** `fields`: the gateway named fields that are wrong; `network`: no answer; `gateway`: any other failure. */
    readonly kind: 'fields' | 'network' | 'gateway',
    /** The fields the gateway found wrong. */
    readonly fields: readonly CardField[] = [],
  ) {
    // Never the card data itself: this error may end up in an error report.
    super(`Card tokenisation failed: ${kind}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`);
  }
}

const CARD_FIELDS: readonly CardField[] = ['holder', 'number', 'expMonth', 'expYear', 'cvc'];

/**
 * The fields the gateway named as wrong: its error body `{error: {type, code, message, fields}}`
 * (or a structured `{errors}` body) maps field names to messages.
 */
function namedFields(body: unknown): CardField[] {
  if (typeof body !== 'object' || body === null) return [];
  const { error, errors } = body as { error?: { fields?: unknown }; errors?: unknown };
  const fields = typeof error === 'object' && error !== null ? error.fields : errors;
  if (typeof fields !== 'object' || fields === null) return [];
  return Object.keys(fields)
    .map((key) => key.replace(/^body\./, ''))
    .filter((key): key is CardField => (CARD_FIELDS as readonly string[]).includes(key));
}

function tokenOf(body: unknown): CardToken | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const parsed = CardTokenSchema.safeParse(record.card ?? record);
  return parsed.success ? parsed.data : null;
}

/**
 * Sends the card fields straight from the browser to the gateway's tokenisation endpoint
 * (`cardTokenization.url` of the payment options) with the publishable key, and resolves with
 * the token, brand, last four digits and expiry that our API takes instead of the card (DESIGN
 * §6). No cookies go with it and nothing of the card is kept or logged here.
 */
export async function tokenizeCard(
  tokenization: { readonly url: string; readonly publishableKey: string },
  card: CardFields,
): Promise<CardToken> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(tokenization.url, {
      method: 'POST',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${tokenization.publishableKey}`,
      },
      body: JSON.stringify({
        holder: card.holder,
        number: card.number,
        expMonth: card.expMonth,
        expYear: card.expYear,
        cvc: card.cvc,
      }),
      signal: controller.signal,
    });
  } catch {
    throw new CardTokenizationError('network');
  } finally {
    clearTimeout(timer);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok) {
    const token = tokenOf(body);
    if (token) return token;
    throw new CardTokenizationError('gateway');
  }
  const fields = namedFields(body);
  throw new CardTokenizationError(fields.length > 0 ? 'fields' : 'gateway', fields);
}
