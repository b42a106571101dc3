import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { tokenPairSchema } from '@smartcare/contract/auth';
import { emptyDataSchema, envelopeSchema } from '@smartcare/contract/envelope';
import {
  kakaoConfigSchema,
  kakaoLinkBodySchema,
  kakaoLinkStatusSchema,
  kakaoLoginBodySchema,
  kakaoLoginResultSchema,
  kakaoSignUpBodySchema,
  kakaoStartBodySchema,
  kakaoStartSchema,
  kakaoUnlinkCallbackBodySchema,
} from '@smartcare/contract/kakao';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { patientOf } from '../../plugins/auth/auth.plugin.ts';
import { ACCOUNT_LOCKED_RESPONSE, errorEnvelope } from '../../plugins/route-defaults.plugin.ts';
import { browserOf, ensureBrowser } from './browser-cookie.ts';
import type { KakaoLoginService } from './kakao-login.service.ts';

export interface KakaoLoginRoutesOptions {
  kakao: KakaoLoginService;
}

const bearer = [{ bearerAuth: [] }];
const KAKAO_FAILED = errorEnvelope(502, 'Kakao could not be reached or refused the code', z.null());
const tags = ['kakao'];

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

  app.get(
    apiPaths.kakao.getConfig,
    {
      schema: {
        tags,
        summary: 'Whether Kakao login is configured (the login screens show its button)',
        response: { 200: envelopeSchema(kakaoConfigSchema) },
      },
    },
    async (request) => ok(request, kakao.getConfig()),
  );

  app.post(
    apiPaths.kakao.start,
    {
      onRequest: app.loginRateLimit,
      schema: {
        tags,
        summary: 'Start a Kakao login: Kakao’s authorize URL with a single-use state bound to this browser',
        body: kakaoStartBodySchema,
        response: { 200: envelopeSchema(kakaoStartSchema) },
      },
    },
    async (request, reply) =>
      ok(
        request,
        await kakao.start(
          request.body.area,
          ensureBrowser(request, reply),
          `${request.protocol}://${request.host}`,
        ),
      ),
  );

  app.post(
    apiPaths.kakao.login,
    {
      onRequest: app.loginRateLimit,
      schema: {
        tags,
        summary: 'Finish a Kakao login with the callback’s code and state (exchanged on the server)',
        body: kakaoLoginBodySchema,
        response: { 200: envelopeSchema(kakaoLoginResultSchema), 502: KAKAO_FAILED },
      },
    },
    async (request) => ok(request, await kakao.login(request.body, browserOf(request))),
  );

  app.post(
    apiPaths.kakao.link,
    {
      onRequest: app.loginRateLimit,
      schema: {
        tags,
        summary: 'Link the ticket’s Kakao account to an existing patient (password once) and log in',
        body: kakaoLinkBodySchema,
        response: { 200: envelopeSchema(tokenPairSchema), 423: ACCOUNT_LOCKED_RESPONSE },
      },
    },
    async (request) => ok(request, await kakao.link(request.body, browserOf(request))),
  );

  app.post(
    apiPaths.kakao.signUp,
    {
      onRequest: app.loginRateLimit,
      schema: {
        tags,
        summary: 'A new patient from the ticket’s Kakao account, logged in (hospital and terms follow)',
        body: kakaoSignUpBodySchema,
        response: { 200: envelopeSchema(tokenPairSchema) },
      },
    },
    async (request) => ok(request, await kakao.signUp(request.body, browserOf(request))),
  );

  app.get(
    apiPaths.kakao.getMyLink,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        security: bearer,
        summary: 'Whether the patient’s account is linked to Kakao',
        response: { 200: envelopeSchema(kakaoLinkStatusSchema) },
      },
    },
    async (request) => ok(request, await kakao.getMyLink(patientOf(request).idx)),
  );

  app.post(
    apiPaths.kakao.unlink,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        security: bearer,
        summary: 'Unlink Kakao (at Kakao, then here); refused for an account without a password',
        response: { 200: envelopeSchema(kakaoLinkStatusSchema), 502: KAKAO_FAILED },
      },
    },
    async (request) => ok(request, await kakao.unlink(patientOf(request).idx)),
  );

  // Kakao's unlink callback, as a form (POST) or a query (GET), whichever Kakao is set to send.
  app.post(
    apiPaths.kakao.unlinkCallback,
    {
      schema: {
        tags,
        summary: 'Kakao’s unlink callback (Authorization: KakaoAK {admin key})',
        body: kakaoUnlinkCallbackBodySchema,
        response: { 200: envelopeSchema(emptyDataSchema) },
      },
    },
    async (request) => {
      await kakao.unlinkedAtKakao(request.headers.authorization, request.body);
      return ok(request, {});
    },
  );
  app.get(
    apiPaths.kakao.unlinkCallback,
    {
      schema: {
        tags,
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
