import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from './server-process-helpers.ts';

const scripts = (manifest: URL) =>
  (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts: Record<string, string> }).scripts;

it('starts the server in tests as `npm run serve` and the server package’s `npm start` do', () => {
  const command = ['node', ...SERVER_NODE_ARGS].join(' ');
  expect(scripts(new URL('../../../../package.json', import.meta.url)).serve).toBe(command);
  // The same from apps/server.
  expect(scripts(new URL('../../package.json', import.meta.url)).start).toBe(
    command.replace('apps/server/', ''),
  );
});
