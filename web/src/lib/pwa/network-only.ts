/**
 * Marks the pages that need the network (sign in, register, pay, support, account changes): the
 * route's `handle`. Offline, the shell shows 'An active network connection is required to access
 * this page' in their place (SPEC §8).
 */
export const NETWORK_ONLY = { networkOnly: true } as const;

/** Whether a matched route's handle marks a network-only page. */
export function isNetworkOnly(handle: unknown): boolean {
  return (handle as { networkOnly?: unknown } | null | undefined)?.networkOnly === true;
}
