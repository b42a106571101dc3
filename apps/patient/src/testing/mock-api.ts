import { API_PREFIX } from '@smartcare/contract/api-paths';
import { vi } from 'vitest';

/** One request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | undefined;
type Handler = (request: SeenRequest, callNumber: number) => Reply | Promise<Reply>;

/**
 * A fake API behind `fetch`: handlers keyed by "METHOD /path" (without the prefix), each
 * told how often it was called. Unknown calls fail the test loudly with a 599.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const counts = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const request: SeenRequest = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const key = `${method} ${path}`;
    const callNumber = (counts.get(key) ?? 0) + 1;
    counts.set(key, callNumber);
    const handler = handlers[key];
    if (!handler)
      return new Response(JSON.stringify({ code: -1, description: `unexpected ${key}` }), { status: 599 });
    const reply = (await handler(request, callNumber)) ?? {};
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(text === '' && reply.status === 204 ? null : text, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    seen,
    calls: (key: string) => counts.get(key) ?? 0,
    fetchMock,
  };
}
