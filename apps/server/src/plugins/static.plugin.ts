import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@smartcare/contract/api-paths';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** Files whose name stays the same from one build to the next: never kept by a browser without asking. */
const UNHASHED_FILES = /[\\/](index\.html|sw\.js|manifest\.webmanifest)$/;

export interface StaticPluginOptions {
  patientDist?: string;
  staffDist?: string;
}

export interface SpaFallback {
  /** Answers a GET for an app route with its index.html; false when it is not one. */
  (request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    spaFallback: SpaFallback;
  }
}

/**
 * The built patient app at / and the staff console at /staff/. A missing build is a hint
 * in the log (run `npm run build`), not a crash: the API works without them.
 */
export const staticPlugin = fp<StaticPluginOptions>(
  async (app, options) => {
    const sites = [
      {
        prefix: '/staff/',
        root: options.staffDist ?? path.join(repoRoot, 'apps/staff/dist'),
        name: 'staff console',
      },
      {
        prefix: '/',
        root: options.patientDist ?? path.join(repoRoot, 'apps/patient/dist'),
        name: 'patient app',
      },
    ].filter((site) => {
      const found = existsSync(path.join(site.root, 'index.html'));
      if (!found)
        app.log.warn(
          `The ${site.name} is not built (${site.root} has no index.html): run \`npm run build\` to serve it at ${site.prefix}`,
        );
      return found;
    });

    let decorated = false;
    for (const site of sites) {
      await app.register(fastifyStatic, {
        root: site.root,
        prefix: site.prefix,
        decorateReply: !decorated,
        wildcard: true,
        index: ['index.html'],
        // The builds ship .br/.gz copies (vite-plugin-compression2): served to browsers that accept them.
        preCompressed: true,
        // Hashed assets may be cached for long; the files with fixed names never (index.html,
        // and the service worker and web app manifest, decision 017), so a deploy is seen at once.
        setHeaders(reply, filePath) {
          reply.header(
            'cache-control',
            UNHASHED_FILES.test(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable',
          );
        },
      });
      decorated = true;
    }

    app.decorate('spaFallback', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' || request.url.startsWith(API_PREFIX)) return false;
      if (!(request.headers.accept ?? '').includes('text/html')) return false;
      const site = sites.find(
        (candidate) => request.url.startsWith(candidate.prefix) || `${request.url}/` === candidate.prefix,
      );
      if (!site) return false;
      await reply.header('cache-control', 'no-cache').sendFile('index.html', site.root);
      return true;
    });
  },
  { name: 'static' },
);
