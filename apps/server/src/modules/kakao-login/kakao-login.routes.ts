import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { apiPaths } from '@smartcare/contract/api-paths';
import { emptyDataSchema, envelopeSchema } from '@smartcare/contract/envelope';
import { kakaoUnlinkCallbackBodySchema } from '@smartcare/contract/kakao';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf } from '../../plugins/auth/auth.plugin.ts';
import { ACCOUNT_LOCKED_RESPONSE, errorEnvelope } from '../../plugins/route-defaults.plugin.ts';
import { browserOf, ensureBrowser } from './browser-cookie.ts';
import type { KakaoLoginService } from './kakao-login.service.ts';

export interface KakaoLoginRoutesOptions {
  kakao: KakaoLoginService;
}

const calls = apiCalls.kakao;
const KAKAO_FAILED = errorEnvelope(502, 'Kakao could not be reached or refused the code', z.null());

/** Kakao login's API calls (issue 12); one service call per handler. */
export const kakaoLoginRoutes: FastifyPluginAsyncZod<KakaoLoginRoutesOptions> = async (app, { kakao }) => {
  // Kakao's unlink callback may come as a form; only these routes read forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(
        null,
        Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      );
    },
  );

  app.route({
    ...routeOf(calls.getConfig, {
      summary: 'Whether Kakao login is configured (the login screens show its button)',
    }),
    handler: async (request) => ok(request, kakao.getConfig()),
  });

  app.route({
    ...routeOf(calls.start, {
      summary: 'Start a Kakao login: Kakao’s authorize URL with a single-use state bound to this browser',
    }),
    onRequest: app.loginRateLimit,
    handler: async (request, reply) =>
      ok(
        request,
        await kakao.start(
          request.body.area,
          ensureBrowser(request, reply),
          `${request.protocol}://${request.host}`,
        ),
      ),
  });

  app.route({
    ...routeOf(calls.login, {
      summary: 'Finish a Kakao login with the callback’s code and state (exchanged on the server)',
      responses: { 502: KAKAO_FAILED },
    }),
    onRequest: app.loginRateLimit,
    handler: async (request) => ok(request, await kakao.login(request.body, browserOf(request))),
  });

  app.route({
    ...routeOf(calls.link, {
      summary: 'Link the ticket’s Kakao account to an existing patient (password once) and log in',
      responses: { 423: ACCOUNT_LOCKED_RESPONSE },
    }),
    onRequest: app.loginRateLimit,
    handler: async (request) => ok(request, await kakao.link(request.body, browserOf(request))),
  });

  app.route({
    ...routeOf(calls.signUp, {
      summary: 'A new patient from the ticket’s Kakao account, logged in (hospital choice follows)',
    }),
    onRequest: app.loginRateLimit,
    handler: async (request) => ok(request, await kakao.signUp(request.body, browserOf(request))),
  });

  app.route({
    ...routeOf(calls.getMyLink, {
      auth: 'patient',
      summary: 'Whether the patient’s account is linked to Kakao',
    }),
    handler: async (request) => ok(request, await kakao.getMyLink(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.unlink, {
      auth: 'patient',
      summary: 'Unlink Kakao (at Kakao, then here); refused for an account without a password',
      responses: { 502: KAKAO_FAILED },
    }),
    handler: async (request) => ok(request, await kakao.unlink(patientOf(request).idx)),
  });

  // Kakao's unlink callback, as a form (POST) or a query (GET), whichever Kakao is set to send.
  app.route({
    ...routeOf(calls.unlinkCallback, {
      summary: 'Kakao’s unlink callback (Authorization: KakaoAK {admin key})',
    }),
    handler: async (request) => {
      await kakao.unlinkedAtKakao(request.headers.authorization, request.body);
      return ok(request, {});
    },
  });
  app.get(
    apiPaths.kakao.unlinkCallback,
    {
      schema: {
        tags: ['kakao'],
        summary: 'Kakao’s unlink callback as a GET (Authorization: KakaoAK {admin key})',
        querystring: kakaoUnlinkCallbackBodySchema,
        response: { 200: envelopeSchema(emptyDataSchema) },
      },
    },
    async (request) => {
      await kakao.unlinkedAtKakao(request.headers.authorization, request.query);
      return ok(request, {});
    },
  );
};
