import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sessionPlugin, type SessionPluginOptions } from '../../plugins/session.ts';
import {
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  purgeSessions,
  touchSession,
} from './sessions.repository.ts';

/**
 * The sessions module: the session plugin (`app.sessions`, cookies and expiry) kept in the
 * `sessions` table of this module's repository.
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance, options: Omit<SessionPluginOptions, 'records'>) => {
    const { db } = app;
    await app.register(sessionPlugin, {
      ...options,
      records: {
        find: (idHash) => findSessionWithUser(db, idHash),
        insert: (session) => insertSession(db, session),
        touch: (idHash, lastSeenAt) => touchSession(db, idHash, lastSeenAt),
        delete: (idHash) => deleteSession(db, idHash),
        deleteOfUser: (userId, exceptIdHash) => deleteUserSessions(db, userId, exceptIdHash),
        purge: (now, idleSince) => purgeSessions(db, now, idleSince),
      },
    });
  },
  { name: 'sessions', dependencies: ['database'] },
);
