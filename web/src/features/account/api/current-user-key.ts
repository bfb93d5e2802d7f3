/**
 * The query key under which the app keeps the current user (`GET /api/users/current`, owned by
 * the auth feature); account changes write their answer there so the whole shell updates.
 */
export const currentUserKey = ['users', 'current'] as const;
