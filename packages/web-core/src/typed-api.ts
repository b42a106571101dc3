// Types only: the schemas describe the calls; the running code needs just method and path.
import type { CallSpec } from '@smartcare/contract/api-calls';
import type { CallRoute } from '@smartcare/contract/api-call-routes';
import type { z } from 'zod';
import type { ApiClient, ApiResponse, QueryValue } from './api-client';

/** What a call takes: its query and body as the contract's schemas accept them, and an abort signal. */
type QueryOf<S> = S extends { query: z.ZodType } ? { query: z.input<S['query']> } : { query?: never };
type BodyOf<S> = S extends { body: z.ZodType } ? { body: z.input<S['body']> } : { body?: never };
export type CallInput<S> = QueryOf<S> & BodyOf<S> & { signal?: AbortSignal };

/** `data` of a successful answer, as the contract's response schema gives it. */
export type CallResult<S> = S extends { response: z.ZodType } ? z.output<S['response']> : never;

type NeedsInput<S> = S extends { query: z.ZodType } ? true : S extends { body: z.ZodType } ? true : false;
export type TypedCall<S> =
  NeedsInput<S> extends true
    ? (input: CallInput<S>) => Promise<CallResult<S>>
    : (input?: CallInput<S>) => Promise<CallResult<S>>;

/** `api.<module>.<call>(input)`: one function per call of the contract's table. */
export type TypedApi<T> = {
  [Group in keyof T]: {
    [Call in keyof T[Group]]: T[Group][Call] extends CallSpec ? TypedCall<T[Group][Call]> : never;
  };
};

/** The same calls answering with the whole envelope, for the few that read a failure's data (login). */
type EnvelopeCall<S> =
  NeedsInput<S> extends true
    ? (input: CallInput<S>) => Promise<ApiResponse<CallResult<S>>>
    : (input?: CallInput<S>) => Promise<ApiResponse<CallResult<S>>>;
export type TypedEnvelopes<T> = {
  [Group in keyof T]: {
    [Call in keyof T[Group]]: T[Group][Call] extends CallSpec ? EnvelopeCall<T[Group][Call]> : never;
  };
};

type RoutesOf<T> = { [Group in keyof T]: { [Call in keyof T[Group]]: CallRoute } };
type Send = (method: CallRoute['method'], path: string, options: RequestShape) => Promise<unknown>;
type RequestShape = { query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal };

function build(routes: Record<string, Record<string, CallRoute>>, send: Send) {
  const api: Record<string, Record<string, unknown>> = {};
  for (const [group, calls] of Object.entries(routes)) {
    const typed: Record<string, unknown> = {};
    for (const [name, { method, path }] of Object.entries(calls)) {
      typed[name] = (input: RequestShape = {}) =>
        send(method, path, { query: input.query, body: input.body, signal: input.signal });
    }
    api[group] = typed;
  }
  return api;
}

/**
 * The typed calls over a client's `call`, from the zod-free routes; the types come from the
 * contract's schema table (`ApiCalls`), so a screen never writes the response type by hand.
 */
export function createTypedApi<T>(routes: RoutesOf<T>, call: ApiClient['call']): TypedApi<T> {
  return build(routes as Record<string, Record<string, CallRoute>>, call) as TypedApi<T>;
}

/** Like `createTypedApi` over the client's `request`: the envelope as it came, typed by the table. */
export function createTypedEnvelopes<T>(
  routes: RoutesOf<T>,
  request: ApiClient['request'],
): TypedEnvelopes<T> {
  return build(routes as Record<string, Record<string, CallRoute>>, request) as TypedEnvelopes<T>;
}
