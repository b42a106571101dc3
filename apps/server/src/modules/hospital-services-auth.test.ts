import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { api, createPatient, createStaff, loginPatient, loginStaff } from '../testing/factories.ts';
import { exampleOf, pathOf } from '../testing/route-examples.ts';
import type { ApiRoute } from '../plugins/route-defaults.plugin.ts';

/**
 * Issue 16's calls — appointments, document requests, ratings — each with who may call it.
 * Written out, not read from the routes: a call registered with the wrong `auth` (or a new
 * call nobody placed here) fails below. Every call is then made with no token, a token that
 * is no token, and the other side's token: each is refused with NOT_LOGGED_IN (401) before
 * any handler runs; with the right token it is not.
 */
type Who = 'patient' | 'staff' | 'none';
const WHO_MAY_CALL: Record<string, Who> = {
  [apiPaths.appointment.getMyAppointments]: 'patient',
  [apiPaths.appointment.getMyAppointment]: 'patient',
  [apiPaths.appointment.requestChange]: 'patient',
  [apiPaths.appointment.requestCancel]: 'patient',
  [apiPaths.appointment.addPersonal]: 'patient',
  [apiPaths.appointment.updatePersonal]: 'patient',
  [apiPaths.appointment.deletePersonal]: 'patient',
  [apiPaths.appointment.getIcs]: 'patient',
  [apiPaths.appointment.getSchedule]: 'staff',
  [apiPaths.appointment.getRequests]: 'staff',
  [apiPaths.appointment.getBookablePatients]: 'staff',
  [apiPaths.appointment.getAppointment]: 'staff',
  [apiPaths.appointment.create]: 'staff',
  [apiPaths.appointment.update]: 'staff',
  [apiPaths.appointment.cancel]: 'staff',
  [apiPaths.appointment.complete]: 'staff',
  [apiPaths.appointment.acceptRequest]: 'staff',
  [apiPaths.appointment.declineRequest]: 'staff',
  [apiPaths.documentRequest.getFees]: 'patient',
  [apiPaths.documentRequest.create]: 'patient',
  [apiPaths.documentRequest.getMyRequests]: 'patient',
  [apiPaths.documentRequest.getMyRequest]: 'patient',
  [apiPaths.documentRequest.cancel]: 'patient',
  [apiPaths.documentRequest.download]: 'patient',
  [apiPaths.documentRequest.getQueue]: 'staff',
  [apiPaths.documentRequest.getRequest]: 'staff',
  [apiPaths.documentRequest.review]: 'staff',
  [apiPaths.documentRequest.issue]: 'staff',
  [apiPaths.documentRequest.reject]: 'staff',
  [apiPaths.documentRequest.getIssuedPdf]: 'staff',
  // the certificate's public verification (no health details; rate-limited)
  [apiPaths.documentRequest.verify]: 'none',
  [apiPaths.rating.getMyRatings]: 'patient',
  [apiPaths.rating.getOccasion]: 'patient',
  [apiPaths.rating.submit]: 'patient',
  [apiPaths.rating.getStats]: 'staff',
};

const GROUPS = ['appointment', 'documentRequest', 'rating'] as const;

describe("issue 16's calls: who may call each", () => {
  let t: TestApp;
  let tokens: Record<'patient' | 'staff', string>;
  let routes: ApiRoute[];

  beforeAll(async () => {
    t = await buildTestApp();
    tokens = {
      patient: (await loginPatient(t.baseUrl, await createPatient(t.app.db))).accessToken,
      staff: (await loginStaff(t.baseUrl, await createStaff(t.app.db))).accessToken,
    };
    routes = t.app.apiRoutes.filter((route) => GROUPS.some((g) => pathOf(route).startsWith(`/${g}/`)));
  });
  afterAll(() => t.close());

  const call = (route: ApiRoute, token: string | undefined) => {
    const example = exampleOf(route);
    return api(t.baseUrl).call(route.method, pathOf(route), {
      ...(token === undefined ? {} : { token }),
      ...(example.query ? { query: example.query } : {}),
      ...(example.body === undefined ? {} : { body: example.body }),
    });
  };

  it('names every call of the three groups, each registered with the auth written here', () => {
    const contract = GROUPS.flatMap((g) => Object.values(apiPaths[g]));
    expect(Object.keys(WHO_MAY_CALL).sort()).toEqual([...contract].sort());
    expect(routes.map(pathOf).sort()).toEqual([...contract].sort());
    for (const route of routes) expect(route.auth, pathOf(route)).toBe(WHO_MAY_CALL[pathOf(route)]);
  });

  it('refuses each with no token, a made-up token and the other side’s token; lets the right side through', async () => {
    for (const route of routes) {
      const who = WHO_MAY_CALL[pathOf(route)]!;
      const label = `${route.method} ${pathOf(route)}`;
      if (who === 'none') {
        const answer = await call(route, undefined);
        expect(answer.code, label).not.toBe(ResultCode.NOT_LOGGED_IN);
        continue;
      }
      const other = who === 'patient' ? tokens.staff : tokens.patient;
      for (const [what, token] of [
        ['no token', undefined],
        ['a made-up token', 'not.a.token'],
        [`the ${who === 'patient' ? 'staff' : 'patient'} token`, other],
      ] as const) {
        const answer = await call(route, token);
        expect(answer.status, `${label} with ${what}`).toBe(401);
        expect(answer.code, `${label} with ${what}`).toBe(ResultCode.NOT_LOGGED_IN);
      }
      const allowed = await call(route, tokens[who]);
      expect(allowed.code, `${label} with the ${who} token`).not.toBe(ResultCode.NOT_LOGGED_IN);
      expect(allowed.status, `${label} with the ${who} token`).not.toBe(401);
    }
  });
});
