/**
 * Tests only. The root node_modules holds React 18 for another package, and CommonJS
 * libraries hoisted there (@testing-library/react, rc-field-form, react-i18next …) would
 * `require` it next to this app's React 19. Send every require of React to the app's copy,
 * as the build does with `resolve.dedupe`. Must run before anything imports React.
 */
import Module from 'node:module';

const appRequire = Module.createRequire(import.meta.url);
type Resolve = (request: string, parent: unknown, ...rest: unknown[]) => string;
const moduleWithResolve = Module as unknown as { _resolveFilename: Resolve };
const original = moduleWithResolve._resolveFilename;

let resolvingForApp = false;
moduleWithResolve._resolveFilename = function resolveSingleReact(request, parent, ...rest) {
  if (!resolvingForApp && /^(react|react-dom)(\/.*)?$/.test(request)) {
    resolvingForApp = true;
    try {
      return appRequire.resolve(request);
    } finally {
      resolvingForApp = false;
    }
  }
  return original.call(this, request, parent, ...rest);
};
