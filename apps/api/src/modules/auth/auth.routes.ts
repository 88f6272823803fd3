import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteAccountRequestSchema, sandboxCredentialSchema, sandboxGoogleSignInSchema } from '@substytut/shared';
import { currentUser } from '../app/authenticate.ts';
import { dataOf, ok } from '../app/http.ts';
import { onlyFromThisMachine } from '../app/local-request.ts';
import { localeFromAcceptLanguage } from '@substytut/shared/accept-language';
import type { Locale } from '@substytut/shared/locale';
import { messageFor } from '../app/messages.ts';
import { deleteAccount, myDataDepsOf } from '../my-data/index.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { createBotCheck } from '../bot-check/index.ts';
import {
  authResponse,
  forgotPasswordBody,
  googleLoginBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  successResponse,
  userResponse,
  verifyEmailParams,
} from './auth.schemas.ts';
import * as auth from './auth.service.ts';
import { createGoogleIdTokenVerifier } from './google-id-token.ts';
import { createGoogleSandbox } from './google-sandbox.ts';

// Per client IP and route, per minute. Generous enough for an office behind one address and for
// the end-to-end suite; the throttle of each account and address pair (auth.service) is what stops
// guessing one account's password.
const LIMITS = {
  register: rateLimit(20, '1 minute'),
  login: rateLimit(30, '1 minute'),
  google: rateLimit(30, '1 minute'),
  verify: rateLimit(30, '1 minute'),
  forget: rateLimit(10, '1 minute'),
  reset: rateLimit(20, '1 minute'),
};

function contextOf(request: FastifyRequest, explicit?: Locale): auth.RequestContext {
  return { locale: explicit ?? localeFromAcceptLanguage(request.headers['accept-language']), ip: request.ip };
}

/** Accounts: registration, e-mail verification, login (password and Google), reset, logout, me. */
export async function authRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const googleSandbox = app.config.sandbox.googleSignIn ? createGoogleSandbox() : null;
  const deps: auth.AuthDeps = {
    db: app.db,
    config: app.config,
    clock: app.clock,
    mailer: app.mailer,
    botCheck: createBotCheck(app.config),
    google: app.config.googleClientId
      ? createGoogleIdTokenVerifier({
          clientId: app.config.googleClientId,
          jwksUrl: app.config.googleJwksUrl,
        })
      : (googleSandbox?.verifier ?? null),
    googleIsSandbox: !app.config.googleClientId && googleSandbox !== null,
    background: app.background,
  };

  if (googleSandbox) {
    // The sandbox's stand-in for Google's sign-in window: the web app asks for an address and
    // gets the ID token Google would give, then signs in with it like with Google's. It signs any
    // address, so only this machine may ask.
    typed.post(
      '/api/sandbox/google/token',
      {
        onRequest: onlyFromThisMachine,
        config: LIMITS.google,
        schema: {
          body: sandboxGoogleSignInSchema,
          response: { 200: dataOf(sandboxCredentialSchema) },
        },
      },
      async (request) => ok({ credential: await googleSandbox.signIn(request.body, app.clock.now()) }),
    );
  }

  typed.post(
    '/api/register',
    { config: LIMITS.register, schema: { body: registerBody, response: { 200: dataOf(successResponse) } } },
    async (request) => ok(await auth.register(deps, request.body, contextOf(request, request.body.locale))),
  );

  typed.post(
    '/api/email/verify/:id/:hash',
    { config: LIMITS.verify, schema: { params: verifyEmailParams, response: { 200: dataOf(authResponse) } } },
    async (request) => ok(await auth.verifyEmail(deps, request.params, contextOf(request))),
  );

  typed.post(
    '/api/login',
    { config: LIMITS.login, schema: { body: loginBody, response: { 200: dataOf(authResponse) } } },
    async (request) => ok(await auth.login(deps, request.body, contextOf(request))),
  );

  typed.post(
    '/api/login/google',
    { config: LIMITS.google, schema: { body: googleLoginBody, response: { 200: dataOf(authResponse) } } },
    async (request) =>
      ok(await auth.loginWithGoogle(deps, request.body, contextOf(request, request.body.locale))),
  );

  typed.post(
    '/api/login/forget',
    {
      config: LIMITS.forget,
      schema: { body: forgotPasswordBody, response: { 200: dataOf(successResponse) } },
    },
    async (request) =>
      ok(await auth.requestPasswordReset(deps, request.body, contextOf(request, request.body.locale))),
  );

  typed.post(
    '/api/login/resetpassword',
    { config: LIMITS.reset, schema: { body: resetPasswordBody, response: { 200: dataOf(successResponse) } } },
    async (request) => ok(await auth.resetPassword(deps, request.body, contextOf(request))),
  );

  typed.post(
    '/api/logout',
    { preValidation: app.requireUser, schema: { response: { 200: dataOf(successResponse) } } },
    async (request) => {
      currentUser(request);
      return ok(await auth.logout(deps, request.bearerToken!, contextOf(request)));
    },
  );

  typed.post(
    '/api/me/delete',
    {
      preValidation: app.requireUser,
      config: LIMITS.login,
      schema: {
        body: deleteAccountRequestSchema,
        response: { 200: dataOf(successResponse) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const context = contextOf(request);
      await auth.confirmIdentity(deps, user, request.body, context);
      await deleteAccount(myDataDepsOf(app), user.id);
      return ok({ success: true as const, message: messageFor('my_data.account_deleted', context.locale) });
    },
  );

  typed.get(
    '/api/me',
    { preValidation: app.requireUser, schema: { response: { 200: dataOf(userResponse) } } },
    async (request) => ok(auth.me(currentUser(request))),
  );
}
