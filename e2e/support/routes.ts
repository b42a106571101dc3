import type { Page } from '@playwright/test';

/**
 * Every hash route of the patient app (spec §2), as patterns. `navigate` only accepts
 * these, and demands exactly the parameters a pattern names, so a renamed route breaks
 * the type check of the tests instead of silently landing on a 404 screen.
 */
const AREA_ROUTES = [
  'login',
  'home',
  'loginreceive/kakao',
  'setting/home',
  'setting/pushlist',
  'common/terms',
  'common/terms/:termsCode',
  'common/patientdelete',
  'common/hospitalselect',
  'common/alarm',
  'common/agreelist',
] as const;

const HOSPITAL_ROUTES = [
  'ratelist',
  'rate',
  'setting/extrainfo',
  'service/home',
  'schedulemanage/list',
  'schedulemanage/:idx',
  'nursecalling/list',
  'news/notice',
  'news/faq',
  'news/:idx',
  'guidesearch/list',
  'guidesearch/:idx',
  'documentrequest/list',
  'documentrequest/:idx',
  'consulting/chat',
] as const;

const HOMECARE_ROUTES = [
  'telemedicine/config',
  'telemedicine/list',
  'telemedicine/videocall',
  'telemedicine/:idx',
  'mystatus/dashboard',
  'mystatus/temp/regist',
  'mystatus/temp/detail',
  'mystatus/spo2/detail',
  'mystatus/sleep/regist',
  'mystatus/sleep/detail',
  'mystatus/heartrate/regist',
  'mystatus/heartrate/detail',
  'mystatus/exercise/detail',
  'mystatus/bloodpressure/regist',
  'mystatus/bloodpressure/detail',
  'mystatus/bloodglucose/regist',
  'mystatus/bloodglucose/detail',
  'qna/list',
  'qna/regist',
  'qna/:idx',
  'medication/main',
  'medication/calendar',
  'medication/:idx',
  'diet/regdiet',
  'diet/dashboard',
  'bodyinfo/extrainfo',
] as const;

const ACCOUNT_ROUTES = [
  '/account-deletion',
  '/sign-up',
  '/sign-in',
  '/settings',
  '/forgot-password',
  '/detail',
] as const;

export type PatientRoute =
  | '/'
  | '/hospital'
  | '/homecare'
  | `/hospital/${(typeof AREA_ROUTES)[number] | (typeof HOSPITAL_ROUTES)[number]}`
  | `/homecare/${(typeof AREA_ROUTES)[number] | (typeof HOMECARE_ROUTES)[number]}`
  | (typeof ACCOUNT_ROUTES)[number];

export const patientRoutes: readonly PatientRoute[] = [
  '/',
  '/hospital',
  '/homecare',
  ...AREA_ROUTES.flatMap((r) => [`/hospital/${r}`, `/homecare/${r}`] as const),
  ...HOSPITAL_ROUTES.map((r) => `/hospital/${r}` as const),
  ...HOMECARE_ROUTES.map((r) => `/homecare/${r}` as const),
  ...ACCOUNT_ROUTES,
];

/** The `:name` segments of a pattern, as an object type. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type RouteParams<P extends string> = { [K in ParamNames<P>]: string | number };

/** Fills a pattern's parameters: `href('/hospital/news/:idx', { idx: 3 })` → `/hospital/news/3`. */
export function href<P extends PatientRoute>(
  pattern: P,
  ...params: ParamNames<P> extends never ? [] : [RouteParams<P>]
): string {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`route ${pattern} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Opens a patient route through the hash router, exactly as a deep link would. */
export async function navigate<P extends PatientRoute>(
  page: Page,
  pattern: P,
  ...params: ParamNames<P> extends never ? [] : [RouteParams<P>]
): Promise<void> {
  await page.goto(`/#${href(pattern, ...params)}`);
}
