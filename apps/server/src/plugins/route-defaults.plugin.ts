import fp from 'fastify-plugin';
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { API_PREFIX } from '@smartcare/contract/api-paths';
import { envelopeSchema, retryAfterSchema, validationFailureSchema } from '@smartcare/contract/envelope';
import { httpStatusOf, ResultCode, type ResultCodeName } from '@smartcare/contract/result-codes';
import type { RouteAuth } from './auth/auth.plugin.ts';

/** One API route as registered: what tests walk to cover every route, present and future. */
export interface ApiRoute {
  method: string;
  /** The full path, API prefix included. */
  url: string;
  auth: RouteAuth;
  /** Whether the route declares a body of its own (false: only an empty one is accepted). */
  hasBody: boolean;
  /** The top-level fields its body schema knows (property tests aim at real fields too). */
  bodyFields: readonly string[];
  /** The fields its query schema knows (none when it declares no query). */
  queryFields: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route, in registration order (HEAD twins of GET routes left out). */
    apiRoutes: readonly ApiRoute[];
  }
}

/**
 * The query of a route that declares none: nothing. Without it Fastify accepts any query
 * unchecked, and issue 2 wants unknown input refused with the validation code.
 */
export const NO_QUERY = z.strictObject({});
/**
 * The body of a write route that declares none (spec §7 refresh, cancelDeleteRequest):
 * nothing, an empty JSON body or `{}` — the apps send each of these — but no fields.
 */
export const NO_BODY = z.strictObject({}).nullish();

/** The keys of an object schema, through optional/nullable/default wrappers. */
function objectKeys(schema: unknown): string[] {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault
  )
    current = current.unwrap();
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The result codes answered with one HTTP status, listed in the OpenAPI description. */
function codesWithStatus(status: number): string {
  return (Object.keys(httpStatusOf) as ResultCodeName[])
    .filter((name) => httpStatusOf[name] === status)
    .map((name) => `${ResultCode[name]} ${name}`)
    .join(', ');
}

export const errorEnvelope = <T extends z.ZodType>(status: number, summary: string, data: T) =>
  envelopeSchema(data).describe(`${summary} (code: ${codesWithStatus(status)})`);

/**
 * The failure envelopes the error handler sends (plugins/error-handler.plugin.ts), by status.
 * They also serialise those answers, so a shape that drifts from this table fails the tests.
 */
export const ERROR_RESPONSES = {
  400: errorEnvelope(
    400,
    'Refused input: a validation failure lists each field with a message in the request’s language in ' +
      'data.fields; a refused refresh token or verification code has data null',
    validationFailureSchema,
  ),
  401: errorEnvelope(401, 'Not signed in, token expired or invalid, or wrong credentials', z.null()),
  403: errorEnvelope(403, 'Signed in, but not allowed to do this', z.null()),
  404: errorEnvelope(404, 'Not found', z.null()),
  409: errorEnvelope(409, 'Conflicts with the current state', z.null()),
  429: errorEnvelope(
    429,
    'Too many requests: data.retryAfterSeconds says when to try again',
    retryAfterSchema,
  ),
  500: errorEnvelope(500, 'Server error (details only in the server log)', z.null()),
} as const;

/** Only for the login routes: an account locked after repeated failures (decision 008). */
export const ACCOUNT_LOCKED_RESPONSE = errorEnvelope(
  423,
  'Locked after repeated failed logins: data.retryAfterSeconds says when to try again',
  retryAfterSchema,
);

/** Only for write routes: the JSON body size limit. */
const PAYLOAD_TOO_LARGE = errorEnvelope(413, 'The body is larger than the server accepts', z.null());

/** API routes only: the pages and the docs viewer's own (hidden) routes keep Fastify's defaults. */
function isApiRoute(route: RouteOptions): boolean {
  return route.url.startsWith(`${API_PREFIX}/`) && !(route.schema as { hide?: boolean } | undefined)?.hide;
}

/**
 * Route defaults in one place, so a route cannot forget them: a strict empty query and body
 * where a route declares none, and the error envelopes in every route's responses.
 * Registered before the modules, so its onRoute hook sees every API route.
 */
export const routeDefaultsPlugin = fp(
  async (app) => {
    const routes: ApiRoute[] = [];
    app.decorate('apiRoutes', routes);

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!isApiRoute(route)) return;
      const schema: FastifySchema = route.schema ?? {};
      route.schema = schema;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) =>
        m.toUpperCase(),
      );
      const writes = methods.some((method) => WRITE_METHODS.has(method));
      const hasBody = schema.body !== undefined;

      schema.querystring ??= NO_QUERY;
      if (writes) schema.body ??= NO_BODY;
      const response = (schema.response ?? {}) as Record<string, unknown>;
      for (const [status, envelope] of Object.entries(ERROR_RESPONSES)) response[status] ??= envelope;
      if (writes) response['413'] ??= PAYLOAD_TOO_LARGE;
      schema.response = response;

      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url: route.url,
          auth: route.config?.auth ?? 'none',
          hasBody,
          bodyFields: hasBody ? objectKeys(schema.body) : [],
          queryFields: objectKeys(schema.querystring),
        });
      }
    });
  },
  { name: 'route-defaults' },
);
