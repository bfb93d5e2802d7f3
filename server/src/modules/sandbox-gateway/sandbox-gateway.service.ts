import type {
  DeclineReason,
  GatewayMethod,
  ProviderPaymentStatus,
  WebhookEvent,
} from '../payments/payments.provider.ts';
import {
  initialState,
  validateCard,
  type CardInput,
  type CardScenario,
} from './sandbox-gateway.cards.ts';
import { outcomesOf, type HostedOutcome } from './sandbox-gateway.pages.ts';
import { runIdempotent } from './sandbox-gateway.idempotency.ts';
import type { GatewayPaymentRow, SandboxGatewayRepository } from './sandbox-gateway.repository.ts';
import {
  GatewayError,
  parseCreateBody,
  randomId,
  type CardTokenAnswer,
  type GatewayPaymentObject,
  type StoredAnswer,
} from './sandbox-gateway.requests.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The sandbox payment gateway's behaviour (DESIGN §6, docs/payments.md): card tokens, payments
 * created once per idempotency key, the outcome of each method and test card, hosted-page
 * answers, bank confirmation, refunds, and one webhook event per state change, written in the
 * same transaction as the change.
 */

export interface SandboxGatewayServiceOptions {
  /** The gateway's base URL as browsers reach it (hosted pages), e.g. `/sandbox-gateway`. */
  publicUrl: string;
  /** The current instant (timestamps of payments and events). */
  now: () => Date;
  /** How long after "Pay from my bank" a bank payment is confirmed. */
  settleDelayMs: number;
  /** Called after an event is written, so delivery can start without waiting for its timer. */
  onEvent?: () => void;
}

const EVENT_OF_STATUS: Partial<Record<string, WebhookEvent['type']>> = {
  processing: 'payment.processing',
  succeeded: 'payment.succeeded',
  failed: 'payment.failed',
  refunded: 'payment.refunded',
};

export class SandboxGatewayService {
  constructor(
    private readonly repository: SandboxGatewayRepository,
    private readonly options: SandboxGatewayServiceOptions,
  ) {}

  /** Validates card fields and stores a token holding only brand, last four, expiry and holder. */
  async tokenize(input: CardInput): Promise<CardTokenAnswer> {
    const now = this.options.now();
    const checked = validateCard(input, now);
    if ('errors' in checked) {
      throw new GatewayError(
        400,
        'invalid_request_error',
        'invalid_card',
        'The card details are not valid',
        checked.errors,
      );
    }
    const { card } = checked;
    const token = randomId('tok');
    await this.repository.insertCardToken({
      token,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      holder: card.holder,
      scenario: card.scenario,
      created_at: now.toISOString(),
    });
    return {
      token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }

  paymentObject(row: GatewayPaymentRow, card: GatewayPaymentObject['card']): GatewayPaymentObject {
    return {
      id: row.id,
      attemptKey: row.attempt_key,
      reference: row.reference,
      method: row.method as GatewayMethod,
      status: row.status as ProviderPaymentStatus,
      amount: row.amount,
      currency: row.currency,
      failureReason: (row.failure_reason as DeclineReason | null) ?? null,
      redirectUrl: row.status === 'requires_action' ? this.hostedPageUrl(row.id) : null,
      action:
        row.status === 'requires_action' ? (row.action as GatewayPaymentObject['action']) : null,
      refundedAmount: row.refunded_amount ?? null,
      card,
      createdAt: row.created_at,
    };
  }

  hostedPageUrl(id: string): string {
    return `${this.options.publicUrl}/pay/${id}`;
  }

  private async cardOf(row: GatewayPaymentRow, db?: Transaction<Database>) {
    if (row.card_token === null) return null;
    const token = await this.repository.cardToken(row.card_token, db);
    return token
      ? {
          brand: token.brand,
          last4: token.last4,
          expMonth: token.exp_month,
          expYear: token.exp_year,
        }
      : null;
  }

  private async objectOf(row: GatewayPaymentRow, db?: Transaction<Database>) {
    return this.paymentObject(row, await this.cardOf(row, db));
  }

  /** Writes the event of the payment's current state, in the caller's transaction. */
  private async recordEvent(row: GatewayPaymentRow, trx: Transaction<Database>): Promise<void> {
    const type = EVENT_OF_STATUS[row.status];
    if (type === undefined) return;
    const now = this.options.now().toISOString();
    const id = randomId('evt');
    const event: WebhookEvent = {
      id,
      type,
      createdAt: now,
      payment: await this.objectOf(row, trx),
    };
    await this.repository.insertEvent(
      {
        id,
        type,
        payment_id: row.id,
        body: JSON.stringify(event),
        created_at: now,
        next_attempt_at: new Date().toISOString(),
        delivered_at: null,
        last_error: null,
      },
      trx,
    );
  }

  /** An idempotent operation of this gateway (`sandbox-gateway.idempotency.ts`). */
  private idempotent(
    scope: string,
    key: string | undefined,
    rawBody: string,
    work: (trx: Transaction<Database>) => Promise<string>,
  ): Promise<StoredAnswer> {
    return runIdempotent(this.repository, this.options.now, { scope, key, rawBody }, work);
  }

  /** `POST /v1/payments`. */
  async createPayment(
    key: string | undefined,
    rawBody: string,
    body: unknown,
  ): Promise<StoredAnswer> {
    const input = parseCreateBody(body);
    let scenario: CardScenario | null = null;
    if (input.cardToken !== null) {
      const token = await this.repository.cardToken(input.cardToken);
      if (token === undefined) {
        throw new GatewayError(
          400,
          'invalid_request_error',
          'invalid_parameters',
          'Invalid request',
          {
            card: ['No such card token'],
          },
        );
      }
      scenario = token.scenario as CardScenario;
    }
    let wroteEvent = false;
    const answer = await this.idempotent('payments.create', key, rawBody, async (trx) => {
      const now = this.options.now().toISOString();
      const row: GatewayPaymentRow = {
        id: randomId('pay'),
        attempt_key: key as string,
        method: input.method,
        reference: input.reference,
        amount: input.amount,
        currency: input.currency,
        card_token: input.cardToken,
        return_url: input.returnUrl,
        locale: input.locale,
        ...initialState(input.method, scenario),
        settle_at: null,
        created_at: now,
        updated_at: now,
        refunded_amount: null,
      };
      await this.repository.insertPayment(row, trx);
      await this.recordEvent(row, trx);
      wroteEvent = true;
      return JSON.stringify(await this.objectOf(row, trx));
    });
    // Once committed: a delivery round started before would not see the event.
    if (wroteEvent) this.options.onEvent?.();
    return answer;
  }

  async payment(id: string): Promise<GatewayPaymentObject> {
    const row = await this.repository.payment(id);
    if (row === undefined) throw notFound(id);
    return this.objectOf(row);
  }

  /** `GET /v1/payments?attemptKey=…`: the payment a create with this key made (lost answers). */
  async paymentByAttemptKey(attemptKey: string): Promise<GatewayPaymentObject> {
    const row = await this.repository.paymentByAttemptKey(attemptKey);
    if (row === undefined) throw notFound('with this Idempotency-Key');
    return this.objectOf(row);
  }

  async paymentRow(id: string): Promise<GatewayPaymentRow | undefined> {
    return this.repository.payment(id);
  }

  /** Moves a payment when it is in one of `from`; writes the event. False when it was not. */
  private async move(
    id: string,
    from: readonly ProviderPaymentStatus[],
    change: Pick<GatewayPaymentRow, 'status' | 'failure_reason' | 'action' | 'settle_at'>,
  ): Promise<boolean> {
    const moved = await this.repository.transaction(async (trx) => {
      const now = this.options.now().toISOString();
      const done = await this.repository.transition(id, from, { ...change, updated_at: now }, trx);
      if (!done) return false;
      const row = await this.repository.payment(id, trx);
      if (row !== undefined) await this.recordEvent(row, trx);
      return true;
    });
    if (moved) this.options.onEvent?.();
    return moved;
  }

  /**
   * The payer's answer on a hosted page. Only a payment still waiting for its page moves; a
   * replayed or late answer changes nothing. Returns the payment afterwards.
   */
  async answerHostedPage(id: string, outcome: string): Promise<GatewayPaymentRow> {
    const row = await this.repository.payment(id);
    if (row === undefined) throw notFound(id);
    if (row.status !== 'requires_action') return row;
    if (!(outcomesOf(row) as string[]).includes(outcome)) {
      throw new GatewayError(400, 'invalid_request_error', 'invalid_outcome', 'Unknown choice', {
        outcome: [`Expected one of ${outcomesOf(row).join(', ')}`],
      });
    }
    const change = ((): Pick<
      GatewayPaymentRow,
      'status' | 'failure_reason' | 'action' | 'settle_at'
    > => {
      const none = { action: null, settle_at: null };
      switch (outcome as HostedOutcome) {
        case 'complete':
        case 'approve':
          return { status: 'succeeded', failure_reason: null, ...none };
        case 'fail':
          return { status: 'failed', failure_reason: 'not_authorized', ...none };
        case 'funding_failure':
          return { status: 'failed', failure_reason: 'funding_failed', ...none };
        case 'cancel':
          return { status: 'failed', failure_reason: 'cancelled', ...none };
        case 'pay':
          return {
            status: 'processing',
            failure_reason: null,
            action: null,
            settle_at: new Date(Date.now() + this.options.settleDelayMs).toISOString(),
          };
      }
    })();
    await this.move(id, ['requires_action'], change);
    return (await this.repository.payment(id)) ?? row;
  }

  /**
   * Confirms a bank payment now: `processing` (or still waiting for its bank page) → `succeeded`.
   * The settlement timer calls it when due; tests call it through `/v1/test/…/settle`.
   */
  async settle(id: string): Promise<GatewayPaymentObject> {
    const row = await this.repository.payment(id);
    if (row === undefined) throw notFound(id);
    const settleable =
      row.status === 'processing' ||
      (row.status === 'requires_action' && row.action === 'bank_redirect');
    if (!settleable && row.status !== 'succeeded') {
      throw new GatewayError(
        409,
        'conflict',
        'payment_not_settleable',
        `The payment is ${row.status}`,
      );
    }
    await this.move(id, ['processing', 'requires_action'], {
      status: 'succeeded',
      failure_reason: null,
      action: null,
      settle_at: null,
    });
    return this.payment(id);
  }

  /** Confirms every bank payment whose time has come; returns how many. */
  async settleDue(): Promise<number> {
    const ids = await this.repository.paymentsToSettle(new Date().toISOString(), 50);
    let settled = 0;
    for (const id of ids) {
      const moved = await this.move(id, ['processing'], {
        status: 'succeeded',
        failure_reason: null,
        action: null,
        settle_at: null,
      });
      if (moved) settled += 1;
    }
    return settled;
  }

  /**
   * `POST /v1/payments/{id}/refund`: refunds a succeeded payment in full, or the `amount` of the
   * body (minor units); partial refunds add up (`refundedAmount`) until the whole payment is back,
   * as card providers allow. The payment is `refunded` from the first refund on; a refund beyond
   * what is left is 409 `refund_exceeds_payment`, one of a payment refunded in full answers it as
   * it is.
   */
  async refund(id: string, key: string | undefined, rawBody: string): Promise<StoredAnswer> {
    const row = await this.repository.payment(id);
    if (row === undefined) throw notFound(id);
    const amount = parseRefundAmount(rawBody, row.amount);
    let wroteEvent = false;
    const answer = await this.idempotent(`payments.refund:${id}`, key, rawBody, async (trx) => {
      const current = await this.repository.payment(id, trx);
      const already =
        current?.status === 'refunded' ? (current.refunded_amount ?? current.amount) : 0;
      const open =
        current?.status === 'succeeded' ||
        (current?.status === 'refunded' && already < current.amount);
      if (current !== undefined && open) {
        if (already + amount > current.amount) {
          throw new GatewayError(
            409,
            'conflict',
            'refund_exceeds_payment',
            `Only ${current.amount - already} of this payment is left to refund`,
          );
        }
        const now = this.options.now().toISOString();
        await this.repository.transition(
          id,
          [current.status],
          {
            status: 'refunded',
            failure_reason: null,
            action: null,
            settle_at: null,
            updated_at: now,
            refunded_amount: already + amount,
          },
          trx,
        );
      } else if (current?.status !== 'refunded') {
        throw new GatewayError(
          409,
          'conflict',
          'payment_not_refundable',
          `Only a succeeded payment can be refunded; this one is ${current?.status ?? 'unknown'}`,
        );
      }
      const after = (await this.repository.payment(id, trx)) as GatewayPaymentRow;
      if (open) {
        await this.recordEvent(after, trx);
        wroteEvent = true;
      }
      return JSON.stringify(await this.objectOf(after, trx));
    });
    if (wroteEvent) this.options.onEvent?.();
    return answer;
  }
}

/** The `amount` of a refund body (the whole payment without one); 400 when it is not 1…`max`. */
function parseRefundAmount(rawBody: string, max: number): number {
  let body: unknown;
  try {
    body = rawBody.trim() === '' ? {} : JSON.parse(rawBody);
  } catch {
    body = null;
  }
  const amount = (body as { amount?: unknown } | null)?.amount;
  if (body !== null && typeof body === 'object' && amount === undefined) return max;
  if (typeof amount === 'number' && Number.isInteger(amount) && amount >= 1 && amount <= max) {
    return amount;
  }
  throw new GatewayError(400, 'invalid_request_error', 'invalid_parameters', 'Invalid request', {
    amount: [`A whole number of minor units from 1 to ${max}`],
  });
}

function notFound(id: string): GatewayError {
  return new GatewayError(404, 'not_found', 'payment_not_found', `No payment ${id.slice(0, 40)}`);
}
