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
// Testing Library's CommonJS entry would load the hoisted React with Node's own require.
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const testingLibraryEsm = `${dirname(require.resolve('@testing-library/react/package.json'))}/dist/@testing-library/react.esm.js`;

export default defineConfig({
  // Served by the server at /staff/ (brief §1).
  base: '/staff/',
  // Brotli and gzip copies next to each asset: the server sends them as they are (no work per
  // request), which a patient on a cheap phone and a slow network feels first.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    // The workspace root hoists an older React (a peer of another package); every library
    // here must get this app's own React 19, in the build and in the tests alike.
    dedupe: ['react', 'react-dom'],
    // Prefer the libraries' ES builds (antd's CommonJS `lib/` would require the hoisted React).
    mainFields: ['browser', 'module', 'jsnext:main', 'jsnext', 'main'],
    alias: [
      { find: /^react$/, replacement: `${here}node_modules/react/index.js` },
      { find: /^react\/(.*)$/, replacement: `${here}node_modules/react/$1` },
      { find: /^react-dom$/, replacement: `${here}node_modules/react-dom/index.js` },
      { find: /^react-dom\/(.*)$/, replacement: `${here}node_modules/react-dom/$1` },
      { find: /^@testing-library\/react$/, replacement: testingLibraryEsm },
      { find: /^react-router$/, replacement: `${packageDir('react-router')}/dist/development/index.mjs` },
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
    // Run the React libraries through Vite so `dedupe` gives them this app's React 19 too.
    server: {
      deps: {
        inline: [/antd/, /@ant-design/, /@rc-component/, /rc-/, /@tanstack/, /react-i18next/, /react-router/],
      },
    },
  },
});
