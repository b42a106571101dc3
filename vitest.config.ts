import { defineConfig } from 'vitest/config';

/** One Vitest run, six projects: each app's tests sit next to its code; `tooling` tests the repository's own setup. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web-core',
          root: 'packages/web-core',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'tooling',
          root: '.',
          environment: 'node',
          include: ['*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Server tests start real servers, brokers and databases: two at a time on two cores.
          maxWorkers: 2,
          // Vitest 4 runs projects with different maxWorkers in separate groups, and they
          // must be ordered: the server's heavy files after the light unit projects.
          sequence: { groupOrder: 1 },
        },
      },
      { extends: 'apps/patient/vite.config.ts', test: { name: 'patient', root: 'apps/patient' } },
      { extends: 'apps/staff/vite.config.ts', test: { name: 'staff', root: 'apps/staff' } },
    ],
  },
});
