import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@smartcare/contract/api-paths';
import { KAKAO_AREAS } from '@smartcare/contract/kakao';
import type { KakaoLoginService } from './kakao-login.service.ts';
import { kakaoLoginRoutes } from './kakao-login.routes.ts';

export interface KakaoLoginModuleOptions {
  kakao: KakaoLoginService;
}

export const KAKAO_PRUNE_JOB = 'kakao.pruneExpired';
/** What Kakao may hand back on the redirect (RFC 6749 §4.1.2); nothing else is passed on. */
const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description'] as const;

/**
 * Kakao login (issue 12, decision 016). Registered without the API prefix: besides its API
 * calls it answers Kakao's redirect at `/{area}/loginreceive/kakao` (spec §2), which a
 * hash-routed app cannot receive as a path, by sending the browser on to the app's route.
 */
export const kakaoLoginModule: FastifyPluginAsyncZod<KakaoLoginModuleOptions> = async (app, { kakao }) => {
  app.jobs.register({ name: KAKAO_PRUNE_JOB, run: () => kakao.prune() });
  app.patientErasure.register('kakao', (tx, patientIdx) => kakao.erase(tx, patientIdx));
  await app.register(kakaoLoginRoutes, { prefix: API_PREFIX, kakao });

  for (const area of KAKAO_AREAS) {
    app.get(`/${area}/loginreceive/kakao`, { schema: { hide: true } }, async (request, reply) => {
      const given = new URLSearchParams(request.url.split('?')[1] ?? '');
      const kept = new URLSearchParams();
      for (const name of CALLBACK_PARAMS) {
        const value = given.get(name);
        if (value !== null) kept.set(name, value.slice(0, 1024));
      }
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`/#/${area}/loginreceive/kakao?${kept.toString()}`, 302);
    });
  }
};
