import { apiCallRoutes } from '@smartcare/contract/api-call-routes';
import type { ApiCalls } from '@smartcare/contract/api-calls';
import type { NurseCall } from '@smartcare/contract/nurse-call';
import type { MyData } from '@smartcare/contract/patient';
import type { Terms } from '@smartcare/contract/terms';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient } from './api-client';
import { createTypedApi, createTypedEnvelopes } from './typed-api';

function typedApi() {
  const seen: { method: string; url: string; body: unknown }[] = [];
  const client = createApiClient({
    tokens: { tokens: () => ({ accessToken: 'a', refreshToken: 'r' }), save() {}, clear() {} },
    refreshPath: apiCallRoutes.patient.refresh.path,
    refreshLock: 'test',
    fetch: async (input, init) => {
      seen.push({
        method: init?.method ?? 'GET',
        url: String(input),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response(JSON.stringify({ code: 0, description: '', data: { answered: true } }));
    },
  });
  return { api: createTypedApi<ApiCalls>(apiCallRoutes, client.call), seen };
}

describe('typed calls from the contract table', () => {
  it('sends each call with its method and path, and its query and body', async () => {
    const { api, seen } = typedApi();
    await expect(api.patient.getMyData()).resolves.toEqual({ answered: true });
    await api.terms.getTerms({ query: { termsCode: 'PRIVACY' } });
    await api.nurseCall.cancel({ body: { callIdx: 7 } });
    await api.patient.deleteRequest({ body: {} });
    expect(seen).toEqual([
      { method: 'GET', url: '/medical2/app/api/patient/getMyData', body: undefined },
      { method: 'GET', url: '/medical2/app/api/terms/getTerms?termsCode=PRIVACY', body: undefined },
      { method: 'PUT', url: '/medical2/app/api/nurseCall/cancel', body: { callIdx: 7 } },
      { method: 'DELETE', url: '/medical2/app/api/patient/deleteRequest', body: {} },
    ]);
  });

  it('types each answer by the response schema and each input by its query and body schemas', () => {
    const { api } = typedApi();
    expectTypeOf(api.patient.getMyData).returns.resolves.toEqualTypeOf<MyData>();
    expectTypeOf(api.terms.getTerms).returns.resolves.toEqualTypeOf<Terms>();
    expectTypeOf(api.nurseCall.getMyCalls).returns.resolves.toEqualTypeOf<NurseCall[]>();
    expectTypeOf(api.nurseCall.cancel)
      .parameter(0)
      .toHaveProperty('body')
      .toEqualTypeOf<{ callIdx: number }>();
    // @ts-expect-error a call with a body cannot be made without one
    void (() => api.nurseCall.cancel());
    // @ts-expect-error a call without a body takes none
    void (() => api.patient.getMyData({ body: { x: 1 } }));
  });

  it('answers with the whole envelope where a caller reads a refusal (login)', async () => {
    const client = createApiClient({
      tokens: { tokens: () => null, save() {}, clear() {} },
      refreshPath: apiCallRoutes.patient.refresh.path,
      refreshLock: 'test',
      publicPaths: [apiCallRoutes.patient.login.path],
      fetch: async () =>
        new Response(
          JSON.stringify({ code: 30001001, description: '아이디 또는 비밀번호', data: { message: '5회' } }),
          {
            status: 400,
          },
        ),
    });
    const envelopes = createTypedEnvelopes<ApiCalls>(apiCallRoutes, client.request);
    await expect(envelopes.patient.login({ body: { loginId: 'demo', password: 'x' } })).resolves.toEqual({
      code: 30001001,
      description: '아이디 또는 비밀번호',
      data: { message: '5회' },
    });
  });
});
