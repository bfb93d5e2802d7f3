import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  AvatarParamsSchema,
  CurrentUserResponseSchema,
  EmailRequestSchema,
  LinkTokenParamsSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SentResponseSchema,
  SignInRequestSchema,
  UpdateEmailRequestSchema,
  UpdatePasswordRequestSchema,
  UpdateProfileRequestSchema,
} from '@uniquair/contract/users';
import { errorResponses } from '../../lib/error-body.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { privateAnswer, requireSession } from '../../plugins/auth.ts';
import { tooManyRequests } from '../../plugins/rate-limit.ts';
import type { ActiveSession } from '../../plugins/session.ts';
import { resolveVisitorPreferences } from '../data/data.visitor-preferences.ts';
import { perSession, USER_RATE_LIMITS } from './users.rate-limits.ts';
import { toCurrentUser } from './users.service.ts';
import type { UserRow } from './users.repository.ts';

/**
 * The bytes of the `avatar` file of a multipart upload. A body that is not a well-formed form
 * (no closing boundary, a part without headers) is the client's mistake: 400 naming the field,
 * never a server error; a file over the size limit stays 413.
 */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  const malformed = () =>
    new ServiceError('VALIDATION_ERROR', 'Not a well-formed form', {
      'body.avatar': ['Send the picture as a file in a multipart form'],
    });
  const withClientErrors = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      const status = (error as { statusCode?: unknown }).statusCode;
      throw typeof status === 'number' && status < 500 ? error : malformed();
    });
  const file = await withClientErrors(request.file({ throwFileSizeLimit: true }));
  if (file === undefined || file.fieldname !== 'avatar') {
    throw new ServiceError('VALIDATION_ERROR', 'No avatar file', {
      'body.avatar': ['apiError.required'],
    });
  }
  return withClientErrors(file.toBuffer());
}

/**
 * The users API (SPEC §7 "Users", DESIGN §7): `/api/users/…`. Every answer carries `isLogged` and
 * `user` and is never cached. Bodies are validated with the contract's schemas, which drop any
 * field they do not name, so no request can write a column it was not meant to (mass assignment).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app;

  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 },
  });

  const bodyEmail = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? email : '';
  };
  const signInFailures = app.createRateLimit({
    ...USER_RATE_LIMITS.signInFailures,
    keyGenerator: (request) => `sign-in-failures:${request.ip}:${bodyEmail(request)}`,
  });
  const linkRequestsPerAddress = app.createRateLimit({
    ...USER_RATE_LIMITS.linkRequestsPerAddress,
    keyGenerator: (request) => `link-requests:${bodyEmail(request)}`,
  });
  const registrationsPerAddress = app.createRateLimit({
    ...USER_RATE_LIMITS.registerPerAddress,
    keyGenerator: (request) => `registrations:${bodyEmail(request).trim().toLowerCase()}`,
  });

  const tooMany = (request: FastifyRequest, reply: FastifyReply, seconds: number): never => {
    throw tooManyRequests(request, reply, seconds);
  };

  const answer = async (reply: FastifyReply, user: UserRow | null) =>
    privateAnswer(reply).send({
      success: true as const,
      isLogged: user !== null,
      user: user === null ? null : toCurrentUser(user, await app.userRoles.of(user.id)),
    });

  app.get(
    '/api/users/current',
    {
      config: { auth: 'optionalSession' },
      schema: {
        tags: ['users'],
        summary: 'Who the visitor is (signed in or anonymous)',
        response: { 200: CurrentUserResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => answer(reply, await app.sessions.user(request)),
  );

  app.post(
    '/api/users/register',
    {
      config: { rateLimit: USER_RATE_LIMITS.register },
      schema: {
        tags: ['users'],
        summary: 'Create an account; a confirmation link is e-mailed',
        description:
          'The answer is the same whether or not the address already has an account (that address is told by e-mail instead). The account is usable once its address is confirmed. A password among the 10,000 most common (any case) is 400 PASSWORD_TOO_COMMON, one containing the e-mail address’s local part 400 PASSWORD_CONTAINS_EMAIL.',
        body: RegisterRequestSchema,
        response: { 200: CurrentUserResponseSchema, ...errorResponses(400, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      const perAddress = await registrationsPerAddress(request);
      if (!perAddress.isAllowed && perAddress.isExceeded) {
        tooMany(request, reply, perAddress.ttlInSeconds);
      }
      const { locale } = await resolveVisitorPreferences(request);
      await users.register(request.body, locale);
      return answer(reply, await app.sessions.user(request));
    },
  );

  app.post(
    '/api/users/sign-in',
    {
      config: { rateLimit: USER_RATE_LIMITS.signIn },
      schema: {
        tags: ['users'],
        summary: 'Sign in with e-mail and password',
        description:
          "Wrong password or unknown address: 401 INVALID_CREDENTIALS 'Incorrect email or password'. After 10 wrong passwords for one address from one client within a minute, 429 with Retry-After. An unconfirmed address: 403 EMAIL_NOT_CONFIRMED and a new link.",
        body: SignInRequestSchema,
        response: { 200: CurrentUserResponseSchema, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      const state = await signInFailures(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        tooMany(request, reply, state.ttlInSeconds);
      }
      let user: UserRow;
      try {
        user = await users.authenticate(request.body.email, request.body.password);
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'INVALID_CREDENTIALS') {
          await signInFailures(request);
          request.log.info({ event: 'sign-in failed' }, 'sign-in failed');
        }
        throw error;
      }
      await app.sessions.start(request, reply, user.id);
      request.log.info({ event: 'sign-in', userId: user.id }, 'signed in');
      return answer(reply, user);
    },
  );

  app.post(
    '/api/users/sign-out',
    {
      config: { auth: 'optionalSession' },
      schema: {
        tags: ['users'],
        summary: 'Sign out: the session ends on the server and its cookie is cleared',
        response: { 200: CurrentUserResponseSchema, ...errorResponses(400, 403, 415) },
      },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      reply.header('clear-site-data', '"cache"');
      return answer(reply, null);
    },
  );

  const linkRequest = (path: string, summary: string, send: (email: string) => Promise<void>) =>
    app.post(
      path,
      {
        config: { rateLimit: USER_RATE_LIMITS.linkRequests },
        schema: {
          tags: ['users'],
          summary,
          description: 'The answer is the same whether or not the address has an account.',
          body: EmailRequestSchema,
          response: { 200: SentResponseSchema, ...errorResponses(400, 403, 415, 429) },
        },
      },
      async (request, reply) => {
        const state = await linkRequestsPerAddress(request);
        if (!state.isAllowed && state.isExceeded) {
          tooMany(request, reply, state.ttlInSeconds);
        }
        await send(request.body.email);
        return privateAnswer(reply).send({ success: true as const });
      },
    );
  linkRequest('/api/users/recover', 'E-mail a password recovery link', (email) =>
    users.recover(email),
  );
  linkRequest('/api/users/login-link', 'E-mail a sign-in link (no password needed)', (email) =>
    users.requestLoginLink(email),
  );

  app.post(
    '/api/users/password/:token/reset',
    {
      config: { rateLimit: USER_RATE_LIMITS.tokens },
      schema: {
        tags: ['users'],
        summary: 'Choose a new password with a recovery link',
        description:
          "Single use. Expired, used or unknown: 410 LINK_EXPIRED 'Your recovery link has expired'. Every session of the account ends; the visitor then signs in with the new password. A password among the 10,000 most common (any case) is 400 PASSWORD_TOO_COMMON, one containing the e-mail address’s local part 400 PASSWORD_CONTAINS_EMAIL.",
        params: LinkTokenParamsSchema,
        body: ResetPasswordRequestSchema,
        response: { 200: CurrentUserResponseSchema, ...errorResponses(400, 403, 410, 415, 429) },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const user = await users.resetPassword(request.params.token, request.body.newPassword.first);
      await app.sessions.endAllOf(user.id);
      await app.sessions.end(request, reply);
      return answer(reply, null);
    },
  );

  app.post(
    '/api/users/email/:token/confirm',
    {
      config: { rateLimit: USER_RATE_LIMITS.tokens },
      schema: {
        tags: ['users'],
        summary: 'Confirm an e-mail address with its link, and sign in',
        description:
          'For a new account or a changed address. Single use; expired, used or unknown: 410 LINK_EXPIRED.',
        params: LinkTokenParamsSchema,
        response: {
          200: CurrentUserResponseSchema,
          ...errorResponses(400, 403, 409, 410, 415, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const user = await users.confirmEmail(request.params.token);
      await app.sessions.start(request, reply, user.id);
      return answer(reply, user);
    },
  );

  app.get(
    '/api/users/:token/login',
    {
      schema: {
        tags: ['users'],
        summary: 'Open an e-mailed sign-in link: shows the page that uses it',
        description:
          'Redirects to the sign-in-link page of the app; the token is used only by the POST that page sends (mail scanners open links).',
        params: LinkTokenParamsSchema,
        response: {
          302: z.null().meta({ description: 'Redirect to /signin/link/{token}' }),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`/signin/link/${request.params.token}`, 302),
  );

  app.post(
    '/api/users/:token/login',
    {
      config: { rateLimit: USER_RATE_LIMITS.tokens },
      schema: {
        tags: ['users'],
        summary: 'Sign in with an e-mailed sign-in link',
        description: 'Single use, 10 minutes; expired, used or unknown: 410 LINK_EXPIRED.',
        params: LinkTokenParamsSchema,
        response: { 200: CurrentUserResponseSchema, ...errorResponses(400, 403, 410, 415, 429) },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const user = await users.signInWithLink(request.params.token);
      await app.sessions.start(request, reply, user.id);
      return answer(reply, user);
    },
  );

  /** A change signed-in users make to their own account, answered with the account after it. */
  const accountChange = <Body extends z.ZodType>(
    path: string,
    doc: {
      summary: string;
      description: string;
      body: Body;
      statuses: number[];
      /** Needs the password again: rate-limited like sign-in. */
      reauthenticates?: true;
    },
    change: (session: ActiveSession, body: z.output<Body>) => Promise<UserRow>,
  ) =>
    app.post(
      path,
      {
        config: {
          auth: 'session',
          ...(doc.reauthenticates
            ? { rateLimit: { ...USER_RATE_LIMITS.reauthentication, keyGenerator: perSession } }
            : {}),
        },
        schema: {
          tags: ['users'],
          summary: doc.summary,
          description: doc.description,
          body: doc.body,
          response: { 200: CurrentUserResponseSchema, ...errorResponses(...doc.statuses) },
        },
      },
      async (request, reply) =>
        // The schema validated the body: it is the body schema's output.
        answer(reply, await change(await requireSession(request), request.body as z.output<Body>)),
    );

  accountChange(
    '/api/users/update-profile',
    {
      summary: 'Change names, title and notification preference',
      description: 'Other fields (the e-mail among them) are ignored.',
      body: UpdateProfileRequestSchema,
      statuses: [400, 401, 403, 415],
    },
    ({ user }, body) => users.updateProfile(user, body),
  );
  accountChange(
    '/api/users/update-email',
    {
      summary: 'Change the e-mail address (needs the password)',
      description:
        'The new address gets a confirmation link and is `pendingEmail` until it is opened. A wrong password is 400 with `body.password`.',
      body: UpdateEmailRequestSchema,
      statuses: [400, 401, 403, 415, 429],
      reauthenticates: true,
    },
    ({ user }, body) => users.updateEmail(user, body),
  );
  accountChange(
    '/api/users/update-password',
    {
      summary: 'Change the password (needs the current one)',
      description:
        'With `endOtherSessions` (default true) every other signed-in device is signed out. A wrong current password is 400 with `body.currentPassword`. A password among the 10,000 most common (any case) is 400 PASSWORD_TOO_COMMON, one containing the e-mail address’s local part 400 PASSWORD_CONTAINS_EMAIL.',
      body: UpdatePasswordRequestSchema,
      statuses: [400, 401, 403, 415, 429],
      reauthenticates: true,
    },
    async (session, body) => {
      const user = await users.updatePassword(session.user, {
        currentPassword: body.currentPassword,
        newPassword: body.newPassword.first,
      });
      if (body.endOtherSessions) await app.sessions.endAllOf(user.id, session);
      return user;
    },
  );

  app.post(
    '/api/users/upload-avatar',
    {
      config: {
        auth: 'session',
        rateLimit: { ...USER_RATE_LIMITS.avatar, keyGenerator: perSession },
        csrf: { multipart: true },
      },
      schema: {
        tags: ['users'],
        summary: 'Upload a new avatar (multipart form, field `avatar`)',
        description:
          'JPEG, PNG or WebP by content, at most 2 MB (413) and 25 megapixels; anything else is 415. The image is re-encoded as WebP, at most 512 × 512, without metadata.',
        consumes: ['multipart/form-data'],
        response: {
          200: CurrentUserResponseSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > AVATAR_MAX_BYTES + 64 * 1024) {
        throw new ServiceError('PAYLOAD_TOO_LARGE', 'At most 2 MB', {
          'body.avatar': ['At most 2 MB'],
        });
      }
      if (!request.isMultipart()) {
        throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'Send a multipart form', {
          _: ['Send a multipart form with the field avatar'],
        });
      }
      const upload = await readAvatarUpload(request);
      return answer(reply, await users.setAvatar(user, upload));
    },
  );

  app.get(
    '/api/users/avatars/:file',
    {
      schema: {
        tags: ['users'],
        summary: 'An avatar image',
        params: AvatarParamsSchema,
        response: {
          200: z.any().meta({ description: 'The image (image/webp).' }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const avatar = await users.avatar(request.params.file.slice(0, 32));
      return reply
        .type(avatar.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline; filename="avatar.webp"')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(avatar.data);
    },
  );
};
