import { describe, expect, it } from 'vitest';
import { apiCallRoutes } from './api-call-routes.ts';
import { apiCalls } from './api-calls.ts';
import { apiPaths } from './api-paths.ts';

describe('the call table', () => {
  it('has one call for every path, under the same module and name', () => {
    const paths = Object.entries(apiPaths).flatMap(([group, calls]) =>
      Object.entries(calls).map(([name, path]) => `${group}.${name} ${path}`),
    );
    const routed = Object.entries(apiCallRoutes).flatMap(([group, calls]) =>
      Object.entries(calls).map(([name, route]) => `${group}.${name} ${route.path}`),
    );
    expect(routed.sort()).toEqual(paths.sort());
  });

  it('gives each call the method and path of its zod-free route, and a response schema', () => {
    for (const [group, calls] of Object.entries(apiCallRoutes)) {
      for (const [name, route] of Object.entries(calls)) {
        const spec = (apiCalls as Record<string, Record<string, typeof route & { response?: unknown }>>)[
          group
        ]![name];
        expect(spec, `${group}.${name}`).toMatchObject({ method: route.method, path: route.path });
        expect(spec!.response, `${group}.${name}`).toBeDefined();
      }
    }
  });

  it('refuses bad input with the same schemas the server validates with', () => {
    expect(apiCalls.nurseCall.cancel.body.safeParse({ callIdx: 'x' }).success).toBe(false);
    expect(apiCalls.nurseCall.cancel.body.safeParse({ callIdx: 3 }).success).toBe(true);
    expect(apiCalls.terms.getTerms.query.safeParse({ termsCode: 'NOPE' }).success).toBe(false);
  });
});
