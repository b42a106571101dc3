import { z } from 'zod';
import { tokenPairSchema } from './auth.ts';
import { safeText } from './safe-input.ts';
import { termsCodeSchema } from './terms.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * Kakao Login (issue 12, decision 016): the app never sees Kakao's tokens or the client
 * secret. It asks the server where to send the browser (`start`), Kakao sends the browser
 * back to the area's `loginreceive/kakao` route with `code` and `state`, and the app hands
 * both to `login`, which finishes on the server.
 */
export const KAKAO_AREAS = ['hospital', 'homecare'] as const;
export type KakaoArea = (typeof KAKAO_AREAS)[number];

/** Public: whether the login screens show the Kakao button. */
export const kakaoConfigSchema = z.object({ enabled: z.boolean() });
export type KakaoConfig = z.infer<typeof kakaoConfigSchema>;

export const kakaoStartBodySchema = z.strictObject({ area: z.enum(KAKAO_AREAS) });
export type KakaoStartBody = z.infer<typeof kakaoStartBodySchema>;
/** Where to send the browser: Kakao's authorize page with this browser's `state`. */
export const kakaoStartSchema = z.object({ authorizeUrl: z.string() });
export type KakaoStart = z.infer<typeof kakaoStartSchema>;

const opaque = () => safeText().min(1, V.required).max(512, V.invalid);

export const kakaoLoginBodySchema = z.strictObject({ code: opaque(), state: opaque() });
export type KakaoLoginBody = z.infer<typeof kakaoLoginBodySchema>;

/**
 * A linked Kakao account is logged in (`tokens`); an unknown one gets a short-lived,
 * single-use `ticket` to link an existing account (its password, once) or to start a new one.
 */
export const kakaoLoginResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('LOGGED_IN'), area: z.enum(KAKAO_AREAS), tokens: tokenPairSchema }),
  z.object({
    status: z.literal('NEEDS_ACCOUNT'),
    area: z.enum(KAKAO_AREAS),
    ticket: z.string(),
    nickname: z.string().nullable(),
  }),
]);
export type KakaoLoginResult = z.infer<typeof kakaoLoginResultSchema>;

export const kakaoLinkBodySchema = z.strictObject({
  ticket: opaque(),
  loginId: safeText().trim().min(1, V.required).max(64, V.invalid),
  password: safeText().min(1, V.required).max(128, V.invalid),
});
export type KakaoLinkBody = z.infer<typeof kakaoLinkBodySchema>;

/** A new account agrees to the terms as the sign-up does (the required ones, optional ones apart). */
export const kakaoSignUpBodySchema = z.strictObject({
  ticket: opaque(),
  agreedTermsCodes: z.array(termsCodeSchema).max(20),
});
export type KakaoSignUpBody = z.infer<typeof kakaoSignUpBodySchema>;

/** The settings' view of the link: whether there is one, and whether unlinking leaves a way in. */
export const kakaoLinkStatusSchema = z.object({
  linked: z.boolean(),
  linkedAt: z.string().nullable(),
  hasPassword: z.boolean(),
});
export type KakaoLinkStatus = z.infer<typeof kakaoLinkStatusSchema>;

/**
 * Kakao's unlink callback (domain.md): `app_id`, `user_id`, `referrer_type`, as a form or a
 * query; checked against the admin key in `Authorization: KakaoAK …`, never a user's token.
 */
export const kakaoUnlinkCallbackBodySchema = z.strictObject({
  app_id: safeText().max(64, V.invalid).optional(),
  user_id: safeText().regex(/^\d{1,20}$/, V.invalid),
  referrer_type: safeText().max(64, V.invalid).optional(),
});
export type KakaoUnlinkCallbackBody = z.infer<typeof kakaoUnlinkCallbackBodySchema>;
