import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Every project runs two files at a time: this kind of machine has two cores, and Vitest's
 * own default in `run` mode (cores − 1) left the patient and staff suites on one of them.
 */
const maxWorkers = 2;

/** The server's tests start real servers, brokers and databases. */
const serverTest = {
  root: 'apps/server',
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  maxWorkers,
  // Vitest 4 runs projects in groups, and they must be ordered: the server's heavy files
  // after the light unit projects.
  sequence: { groupOrder: 1 },
} as const;

/**
 * Server files that need a module graph of their own: `vi.mock` replaces a module only for
 * files that import it after the mock, so it cannot share a worker's already loaded modules.
 */
const serverIsolated = ['src/modules/patient/patient-reset-work.test.ts'];

/** One Vitest run, seven projects: each app's tests sit next to its code; `tooling` tests the repository's own setup. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          maxWorkers,
        },
      },
      {
        test: {
          name: 'web-core',
          root: 'packages/web-core',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          maxWorkers,
        },
      },
      {
        test: {
          name: 'tooling',
          root: '.',
          environment: 'node',
          include: ['*.test.ts'],
          testTimeout: 60_000,
          maxWorkers,
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...serverIsolated],
          // Each file builds its own app, database and broker from factories, so the files of
          // one worker can share the loaded modules: importing the server and compiling
          // PGlite's WASM once per worker, not once per file, halves the suite's time.
          isolate: false,
        },
      },
      { test: { ...serverTest, name: 'server-isolated', include: serverIsolated } },
      { extends: 'apps/patient/vite.config.ts', test: { name: 'patient', root: 'apps/patient', maxWorkers } },
      { extends: 'apps/staff/vite.config.ts', test: { name: 'staff', root: 'apps/staff', maxWorkers } },
    ],
  },
});
