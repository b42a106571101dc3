/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig(({ command }) => ({
  // Brotli and gzip copies next to each asset: the server sends them as they are (no work per
  // request), which a patient on a cheap phone and a slow network feels first.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  base: '/',
  resolve: {
    // react-router's package exports point every bundler at its development build; the
    // production one drops the dev-only checks (a few KB of the first screen's budget).
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 15173,
    strictPort: true,
    proxy: { '/medical2': 'http://127.0.0.1:18081', '/mqtt': { target: 'ws://127.0.0.1:18081', ws: true } },
  },
  build: { target: 'es2022', sourcemap: false, manifest: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    passWithNoTests: true,
    // Two cores shared with servers and browsers: screen tests get room to breathe.
    testTimeout: 20_000,
  },
}));
