import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import type { CallSpec } from '@smartcare/contract/api-calls';
import { envelopeSchema } from '@smartcare/contract/envelope';
import type { RouteAuth } from '../plugins/auth/auth.plugin.ts';

/** What a route adds to its call in the contract's call table. */
export interface RouteOfOptions {
  /** The OpenAPI summary. */
  summary: string;
  /** Who may call it (default: anyone). */
  auth?: RouteAuth;
  /** Route config besides `auth`, e.g. a rate limit. */
  config?: Omit<FastifyContextConfig, 'auth'>;
  /** Request headers the route reads (refresh). */
  headers?: z.ZodType;
  /** Replaces the call's body schema where the server accepts more (e.g. no body at all). */
  body?: z.ZodType;
  /** Answers besides 200 and the shared error envelopes (route-defaults.plugin.ts). */
  responses?: Record<number, z.ZodType>;
}

type Picked<O, K extends string, Otherwise> = O extends { [P in K]: infer T } ? T : Otherwise;

const BEARER = [{ bearerAuth: [] as string[] }];

/**
 * A route's method, URL and schemas from the contract's call table, so the server validates and
 * documents each call with the same schemas the apps call it with, written once:
 * `app.route({ ...routeOf(apiCalls.nurseCall.getMyCalls, { auth: 'patient', summary }), handler })`.
 * The 200 answer is the call's response in the envelope; the OpenAPI tag is the path's first
 * segment (`/nurseCall/…` → `nurseCall`); authenticated routes document the bearer token.
 */
export function routeOf<C extends CallSpec, const O extends RouteOfOptions>(call: C, options: O) {
  const { summary, auth = 'none', config, headers, body = call.body, responses } = options;
  const schema = {
    tags: [call.path.split('/')[1]!],
    summary,
    ...(auth === 'none' ? {} : { security: BEARER }),
    ...(headers ? { headers } : {}),
    // Left out when the call has none: the route defaults then accept no query or body at all.
    ...(call.query ? { querystring: call.query } : {}),
    ...(body ? { body } : {}),
    response: { ...responses, 200: envelopeSchema(call.response) },
  };
  return {
    method: call.method,
    url: call.path,
    config: { ...config, auth },
    schema: schema as typeof schema & {
      headers: Picked<O, 'headers', undefined>;
      querystring: Picked<C, 'query', undefined>;
      body: Picked<O, 'body', Picked<C, 'body', undefined>>;
      response: NonNullable<O['responses']> & { 200: ReturnType<typeof envelopeSchema<C['response']>> };
    },
  };
}
