import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UserRoles } from './users.roles.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: registration, sign-in links, profiles; other modules update profiles through it. */
    users: UsersService;
    /** Roles granted to accounts (`support_agent`). */
    userRoles: UserRoles;
  }
}

/** The users module: `app.users` and the users API (accounts, sign-in, profiles and avatars). */
export const usersPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    app.decorate(
      'users',
      new UsersService({
        db: app.db,
        mail: app.mail,
        now: () => app.now(),
        publicUrl: options.publicUrl,
      }),
    );
    app.decorate('userRoles', new UserRoles(app.db, () => app.now()));
    await app.register(usersRoutes);
  },
  { name: 'users', dependencies: ['database', 'clock', 'mail'] },
);
