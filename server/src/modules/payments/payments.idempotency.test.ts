import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/helpers/build.ts';
import {
  canonicalJson,
  claimIdempotencyKey,
  completeIdempotencyKey,
  fingerprintOf,
  IDEMPOTENCY_LEASE_MS,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
  type LeaseOwner,
} from './payments.idempotency.ts';

/** A server process whose peers are alive unless listed as gone. */
function serverProcess(id: string, gone: ReadonlySet<string> = new Set()): LeaseOwner {
  return { id, isGone: (other) => Promise.resolve(gone.has(other)) };
}

describe('idempotency keys', () => {
  const database = useTestDatabase();
  const t0 = new Date('2026-11-23T06:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const owner = serverProcess('instance-a');
  /** A request of `owner` under `key` at t0, with the body fingerprinted `f1`. */
  const firstRequest = (scope: string, key: string) => ({
    scope,
    key,
    fingerprint: 'f1',
    now: t0,
    owner,
  });

  it('fingerprints bodies independently of key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
    );
    expect(fingerprintOf({ method: 'PAYPAL', x: 1 })).toBe(
      fingerprintOf({ x: 1, method: 'PAYPAL' }),
    );
    expect(fingerprintOf({ method: 'PAYPAL' })).not.toBe(fingerprintOf({ method: 'TRUSTLY' }));
  });

  it('claims once, replays the stored answer, refuses another body, reports a running request', async () => {
    const request = firstRequest('pay:AAAAAAA', 'key-00000001');
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => claimIdempotencyKey(database.db, request)),
    );
    const claimed = claims.filter((claim) => claim.kind === 'claimed');
    expect(claimed).toHaveLength(1);
    expect(claims.filter((claim) => claim.kind === 'in_progress')).toHaveLength(9);
    expect(await claimIdempotencyKey(database.db, { ...request, fingerprint: 'f2' })).toEqual({
      kind: 'mismatch',
    });

    const claim = claimed[0]!;
    if (claim.kind !== 'claimed') throw new Error('unreachable');
    await completeIdempotencyKey(database.db, claim, { status: 402, body: '{"success":false}' });
    expect(await claimIdempotencyKey(database.db, { ...request, now: at(1000) })).toEqual({
      kind: 'replay',
      status: 402,
      body: '{"success":false}',
    });
  });

  it('lets a retry take over a key whose request stopped, and a released key be claimed again', async () => {
    const request = firstRequest('pay:BBBBBBB', 'key-00000002');
    const first = await claimIdempotencyKey(database.db, request);
    expect(first).toMatchObject({ kind: 'claimed', resumed: false });
    expect(await claimIdempotencyKey(database.db, { ...request, now: at(1000) })).toEqual({
      kind: 'in_progress',
    });
    const taken = await claimIdempotencyKey(database.db, {
      ...request,
      now: at(IDEMPOTENCY_LEASE_MS + 1),
    });
    expect(taken).toMatchObject({ kind: 'claimed', resumed: true });
    // The stopped request's lease is no longer valid: its answer is not stored.
    if (first.kind !== 'claimed' || taken.kind !== 'claimed') throw new Error('unreachable');
    await completeIdempotencyKey(database.db, first, { status: 200, body: 'stale' });
    await releaseIdempotencyKey(database.db, taken);
    expect(
      await claimIdempotencyKey(database.db, { ...request, now: at(IDEMPOTENCY_LEASE_MS + 2) }),
    ).toMatchObject({ kind: 'claimed', resumed: false });
  });

  it('forgets answered keys after the retention time', async () => {
    const request = firstRequest('pay:CCCCCCC', 'key-00000003');
    const claim = await claimIdempotencyKey(database.db, request);
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    await completeIdempotencyKey(database.db, claim, { status: 200, body: '{}' });
    expect(await pruneIdempotencyKeys(database.db, t0)).toBe(0);
    expect(await pruneIdempotencyKeys(database.db, at(1))).toBeGreaterThanOrEqual(1);
    expect(await claimIdempotencyKey(database.db, { ...request, now: at(2) })).toMatchObject({
      kind: 'claimed',
    });
  });

  it('takes over at once the key of a request whose process is gone, not of a live one', async () => {
    const request = { scope: 'pay:DDDDDDD', key: 'key-00000004', fingerprint: 'f1', now: t0 };
    const first = await claimIdempotencyKey(database.db, {
      ...request,
      owner: serverProcess('dead'),
    });
    expect(first).toMatchObject({ kind: 'claimed' });
    // Another process, the first one alive: the key is in use until its lease ends.
    expect(
      await claimIdempotencyKey(database.db, {
        ...request,
        now: at(1000),
        owner: serverProcess('b'),
      }),
    ).toEqual({ kind: 'in_progress' });
    // The first one's process is known gone (killed, restarted): taken over a second later.
    const taken = await claimIdempotencyKey(database.db, {
      ...request,
      now: at(1000),
      owner: serverProcess('b', new Set(['dead'])),
    });
    expect(taken).toMatchObject({ kind: 'claimed', resumed: true });
    // Now held by a live process: in use again for everyone else.
    expect(
      await claimIdempotencyKey(database.db, {
        ...request,
        now: at(2000),
        owner: serverProcess('c', new Set(['dead'])),
      }),
    ).toEqual({ kind: 'in_progress' });
  });
});
