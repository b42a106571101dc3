import { API_PREFIX } from '@smartcare/contract/api-paths';
import type { Envelope } from '@smartcare/contract/envelope';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeResponse = Envelope<unknown> | { status: number; body: Envelope<unknown> };
export type FakeRoute = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, description: '성공', data });
export const fail = (code: number, description = '', status = 400) => ({
  status,
  body: { code, description, data: null },
});

/**
 * A fetch that answers like the server, from routes keyed "METHOD /path" (relative to the
 * API prefix). Every request is recorded, so a test can say what reached the server.
 */
export function createFakeFetch(routes: Record<string, FakeRoute>) {
  const requests: FakeRequest[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const method = init?.method ?? 'GET';
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = { method, path, query: url.searchParams, headers, body };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    if (!route)
      return new Response(JSON.stringify({ code: 10004004, description: 'no route', data: null }), {
        status: 404,
      });
    const answer = await route(request);
    const { status, body: envelope } =
      'status' in answer && 'body' in answer ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(envelope), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch: fetchFn, requests };
}
