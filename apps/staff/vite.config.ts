/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Where a manual `npm run dev` finds the server (the staff console's own dev port is 15174). */
const serverUrl = process.env.STAFF_DEV_SERVER ?? 'http://127.0.0.1:18083';
const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export default defineConfig(({ command }) => ({
  // Served by the server at /staff/ (brief §1).
  base: '/staff/',
  // Brotli and gzip copies next to each asset: the server sends them as they are (no work per
  // request), which a patient on a cheap phone and a slow network feels first.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    alias: [
      // react-router's package exports point every bundler at its development build; the
      // production one drops the dev-only checks.
      {
        find: /^react-router$/,
        replacement: `${packageDir('react-router')}/dist/${command === 'build' ? 'production' : 'development'}/index.mjs`,
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: `${here}src/lib/use-sync-external-store-shim.ts`,
      },
    ],
  },
  // antd's core is one large chunk; the console is a desktop tool on the hospital network.
  build: { chunkSizeWarningLimit: 800 },
  server: {
    port: 15174,
    strictPort: true,
    proxy: {
      '/medical2': serverUrl,
      '/mqtt': { target: serverUrl.replace(/^http/, 'ws'), ws: true },
    },
  },
  test: {
    root: here,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    passWithNoTests: true,
    // antd screens render slowly in jsdom on a shared two-core machine.
    testTimeout: 20_000,
  },
}));
