import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@smartcare/contract/api-paths';

export const DOCS_PATH = `${API_PREFIX}/docs`;

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
      transform: jsonSchemaTransform,
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
