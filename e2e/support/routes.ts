import type { Page } from '@playwright/test';
import { paths } from '../../apps/patient/src/config/paths.ts';

/** The route patterns in the app's path table: each entry's `path`, a child's `fullPath`. */
type PatternsIn<T> = T extends { fullPath: infer P extends string }
  ? P
  : T extends { path: infer P extends string }
    ? P
    : T extends object
      ? { [K in keyof T]: PatternsIn<T[K]> }[keyof T]
      : never;

/**
 * Every hash route of the patient app (spec §2), as patterns, read from the app's own path
 * table (`config/paths.ts`), so a route added there is walked by the route specs at once.
 * `navigate` only accepts these, and demands exactly the parameters a pattern names, so a
 * renamed route breaks the type check of the tests instead of silently landing on a 404 screen.
 */
export type PatientRoute = PatternsIn<typeof paths>;

function patternsIn(entry: object): PatientRoute[] {
  if ('fullPath' in entry) return [entry.fullPath as PatientRoute];
  if ('path' in entry) return [entry.path as PatientRoute];
  return Object.values(entry).flatMap((child: object) => patternsIn(child));
}

export const patientRoutes: readonly PatientRoute[] = patternsIn(paths);

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
