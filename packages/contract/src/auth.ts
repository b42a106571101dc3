import { z } from 'zod';
import { safeText } from './safe-input.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/** `POST /patient/login`, `/patient/iosLogin`, `/staff/login` body (brief §2). */
export const loginBodySchema = z.strictObject({
  loginId: safeText().trim().min(1, V.required).max(64, V.invalid),
  password: safeText().min(1, V.required).max(128, V.invalid),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Data of every login and refresh: the pair the apps keep in localStorage (spec §3). */
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Headers of `POST /patient/refresh` and `/staff/refresh` (spec §7: no body, no bearer). */
export const REFRESH_HEADERS = { accessToken: 'AccessToken', refreshToken: 'RefreshToken' } as const;

/** Token kinds carried in the JWT `typ`/`aud` so one kind is never accepted as another (RFC 8725). */
export const TOKEN_AUDIENCE = { patient: 'smartcare:patient', staff: 'smartcare:staff' } as const;
export type Principal = keyof typeof TOKEN_AUDIENCE;

export { LOGIN_ID_PATTERN, PASSWORD_PATTERN } from './account-rules.ts';
