import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@smartcare/contract/api-paths';
import { NO_BODY, NO_QUERY } from './route-defaults.plugin.ts';

export const DOCS_PATH = `${API_PREFIX}/docs`;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The route defaults' "no query" and "no body" are checks, not parameters: the document
 * shows such a route without a request body or query rather than an empty object.
 */
function withoutEmptyDefaults(input: TransformInput) {
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema || (schema.body !== NO_BODY && schema.querystring !== NO_QUERY))
    return jsonSchemaTransform(input);
  const { body, querystring, ...rest } = schema;
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...rest,
      ...(body === NO_BODY ? {} : { body }),
      ...(querystring === NO_QUERY ? {} : { querystring }),
    },
  } as TransformInput);
}

/** The OpenAPI document is generated from the same zod schemas that validate (style.md habit 5). */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Smart Care API (스마트 헬스케어)', version: '1.0.0' },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: withoutEmptyDefaults,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      // The viewer's own inline bootstrap needs hashes; staticCSP adds them on its routes only.
      staticCSP: true,
      // Served over plain http on a LAN too: upgrading its script loads to https would break it.
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
      uiConfig: { deepLinking: false },
    });
  },
  { name: 'openapi' },
);
