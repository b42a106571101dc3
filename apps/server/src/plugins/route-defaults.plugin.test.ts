import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { ValidationFailure } from '@smartcare/contract/envelope';
import { ResultCode } from '@smartcare/contract/result-codes';
import { formatValidationMessage } from '@smartcare/contract/validation-messages';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { api, createPatient, createStaff, loginPatient, loginStaff } from '../testing/factories.ts';
import { exampleOf, pathOf } from '../testing/route-examples.ts';
import type { ApiRoute } from './route-defaults.plugin.ts';

describe('route defaults, over every registered API route', () => {
  let t: TestApp;
  let tokens: Record<ApiRoute['auth'], string | undefined>;
  beforeAll(async () => {
    t = await buildTestApp();
    const patient = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    const staff = await loginStaff(t.baseUrl, await createStaff(t.app.db));
    tokens = {
      patient: patient.accessToken,
      any: patient.accessToken,
      staff: staff.accessToken,
      none: undefined,
    };
  });
  afterAll(() => t.close());

  it('the table holds every call the contract names', () => {
    const registered = new Set(t.app.apiRoutes.map(pathOf));
    for (const group of Object.values(apiPaths))
      for (const path of Object.values(group)) expect(registered, path).toContain(path);
  });

  it('an unknown query key is VALIDATION_FAILED naming the key, on every route', async () => {
    for (const route of t.app.apiRoutes) {
      const example = exampleOf(route);
      const response = await api(t.baseUrl).call<ValidationFailure>(route.method, pathOf(route), {
        token: tokens[route.auth],
        query: { ...example.query, zzUnknown: 'x' },
        ...(example.body === undefined ? {} : { body: example.body }),
      });
      const label = `${route.method} ${route.url}`;
      expect(response.status, label).toBe(400);
      expect(response.code, label).toBe(ResultCode.VALIDATION_FAILED);
      expect(response.data?.fields, label).toContainEqual({
        field: 'zzUnknown',
        message: formatValidationMessage('kr-KO', 'unknownField'),
      });
    }
  });

  it('a write route without a body of its own refuses fields, and takes none, an empty body or {}', async () => {
    const bodiless = t.app.apiRoutes.filter((route) => route.method !== 'GET' && !route.hasBody);
    expect(bodiless.map((route) => `${route.method} ${pathOf(route)}`)).toEqual(
      expect.arrayContaining([
        `POST ${apiPaths.patient.refresh}`,
        `POST ${apiPaths.patient.cancelDeleteRequest}`,
        `POST ${apiPaths.staff.refresh}`,
      ]),
    );
    for (const route of bodiless) {
      const label = `${route.method} ${route.url}`;
      const call = (options: { body?: unknown; rawBody?: string; headers?: Record<string, string> }) =>
        api(t.baseUrl).call<ValidationFailure>(route.method, pathOf(route), {
          token: tokens[route.auth],
          ...options,
        });
      const junk = await call({ body: { junk: 1 } });
      expect(junk.status, label).toBe(400);
      expect(
        junk.data?.fields.map((f) => f.field),
        label,
      ).toEqual(['junk']);
      const text = await call({ rawBody: 'junk', headers: { 'content-type': 'text/plain' } });
      expect(text.code, label).toBe(ResultCode.VALIDATION_FAILED);
      // Whatever the call answers without a body (refresh without tokens: REFRESH_FAILED), it is not the validation code.
      for (const empty of [{}, { rawBody: '' }, { body: {} }]) {
        const response = await call(empty);
        expect(response.code, `${label} ${JSON.stringify(empty)}`).not.toBe(ResultCode.VALIDATION_FAILED);
      }
    }
  });

  it('the OpenAPI document lists the error envelopes of every route, and no empty body or query', async () => {
    const doc = (await (await fetch(`${t.baseUrl}${API_PREFIX}/docs/json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string }[];
            requestBody?: unknown;
            responses: Record<string, { description: string; content: Record<string, { schema: unknown }> }>;
          }
        >
      >;
    };
    for (const route of t.app.apiRoutes) {
      const operation = doc.paths[route.url]?.[route.method.toLowerCase()];
      const label = `${route.method} ${route.url}`;
      expect(operation, label).toBeDefined();
      expect(Object.keys(operation!.responses), label).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429', '500']),
      );
      if (route.method !== 'GET') expect(operation!.responses, label).toHaveProperty('413');
      if (!route.hasBody) expect(operation!.requestBody, label).toBeUndefined();
    }
    const refresh = doc.paths[`${API_PREFIX}${apiPaths.patient.refresh}`]!.post!;
    expect(refresh.responses['400']!.description).toContain(String(ResultCode.REFRESH_FAILED));
    expect(refresh.responses['400']!.content['application/json']!.schema).toMatchObject({
      properties: { data: { properties: { fields: { type: 'array' } } } },
    });
    expect(refresh.responses['429']!.content['application/json']!.schema).toMatchObject({
      properties: { data: { properties: { retryAfterSeconds: { type: 'integer' } } } },
    });
    expect(refresh.responses['401']!.description).toContain(String(ResultCode.NOT_LOGGED_IN));
    const getPatient = doc.paths[`${API_PREFIX}${apiPaths.patient.getPatient}`]!.get!;
    expect(getPatient.parameters ?? []).toEqual([]);
  });

  it('error answers leave through the documented envelopes unchanged', async () => {
    const notLoggedIn = await api(t.baseUrl).get(apiPaths.patient.getPatient);
    expect(notLoggedIn).toMatchObject({ status: 401, code: ResultCode.NOT_LOGGED_IN, data: null });
    const refused = await api(t.baseUrl).post(apiPaths.patient.refresh);
    expect(refused).toMatchObject({ status: 400, code: ResultCode.REFRESH_FAILED, data: null });
  });
});
