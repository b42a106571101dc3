import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { repoRoot } from '../../e2e/support/server.ts';

export const patientDist = join(repoRoot, 'apps', 'patient', 'dist');

/**
 * Builds the patient app with its own Vite config, as `npm run build` does — by default
 * into apps/patient/dist (which the server serves), or into `outDir` so that a build by
 * someone else in the same working tree cannot empty the folder under the measurement.
 */
export function buildPatientApp(outDir?: string): string {
  const target = outDir ?? patientDist;
  const extra = outDir ? ['--', '--outDir', outDir, '--emptyOutDir'] : [];
  const run = spawnSync('npm', ['run', 'build', '-w', '@smartcare/patient', ...extra], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0 || !existsSync(join(target, 'index.html'))) {
    throw new Error(
      `the patient app did not build (npm run build -w @smartcare/patient exited ${run.status})`,
    );
  }
  return target;
}

/** Builds bench/reference-react (bare React + ReactDOM) with the same Vite into a temp folder. */
export async function buildReferenceReact(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'smartcare-reference-react-'));
  const root = join(repoRoot, 'bench', 'reference-react');
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}
