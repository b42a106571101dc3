/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import pxtorem from 'postcss-pxtorem';
import { compression } from 'vite-plugin-compression2';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * react-router's production build creates its contexts and components (Form, NavLink, …) in
 * top-level calls without pure annotations and names them in top-level `displayName` writes,
 * so a bundler must keep every one of them whether used or not. Marking those calls pure and
 * dropping the names (React DevTools labels only) lets the unused ones go: about 2 KB gzip of
 * the first screen. A future release that is shaped differently is left as it is.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'smartcare:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/.test(id)) return null;
      return {
        code: code
          .replace(/(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo)\()/g, '/* @__PURE__ */ $1')
          .replace(/^[\w$]+\.displayName = "\w+";$/gm, ''),
        map: null,
      };
    },
  };
}

/**
 * Libraries the first screen runs in full, in one chunk: one gzip stream instead of four
 * (about 2 KB less), and a chunk whose hash outlives app releases in the browser's cache.
 * TanStack Query stays out: its query half (useQuery) is for later screens.
 */
const FIRST_SCREEN_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/;

/**
 * The installed app (decision 017). start_url and scope are `/`: the server serves this
 * build at the site's root and the app routes in the hash (spec §2).
 */
const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: '스마트 헬스케어',
  short_name: '스마트 헬스케어',
  description: '병원과 재택케어 환자를 위한 스마트 헬스케어 앱',
  lang: 'ko',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0b5cd5',
  background_color: '#f4f6f9',
  categories: ['health', 'medical'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The modules whose chunks the service worker precaches: the shell, the Korean catalogue and
 * the two screens an opened app lands on (home, login). Every other screen is cached when
 * first used (service-worker/sw.ts); vite-plugin-pwa's default would precache all of them.
 */
const FIRST_SCREEN_MODULES = [
  'index.html',
  'src/locales/kr-KO.ts',
  'src/features/patient/home-screen.tsx',
  'src/features/auth/login-screen.tsx',
];

interface ViteManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The files of FIRST_SCREEN_MODULES and everything they import statically, from Vite's build manifest. */
function firstScreenFiles(outDir: string): Set<string> {
  const manifestFile = `${outDir}/.vite/manifest.json`;
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build.manifest must stay on`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ViteManifestChunk>;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of FIRST_SCREEN_MODULES) {
    if (!manifest[key])
      throw new Error(`vite.config.ts FIRST_SCREEN_MODULES: ${key} is not a chunk of the build`);
    visit(key);
  }
  return files;
}

/** Where this build writes (a benchmark builds elsewhere with --outDir): the precache list reads its manifest there. */
let resolvedOutDir = fileURLToPath(new URL('./dist', import.meta.url));
function rememberOutDir(): Plugin {
  return {
    name: 'smartcare:remember-out-dir',
    apply: 'build',
    configResolved(config) {
      resolvedOutDir = path.resolve(config.root, config.build.outDir);
    },
  };
}

export default defineConfig(({ command }) => ({
  // Brotli and gzip copies next to each asset: the server sends them as they are (no work per
  // request), which a patient on a cheap phone and a slow network feels first.
  plugins: [
    react(),
    reactRouterTreeShaking(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    rememberOutDir(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // Registered by the app itself after the first screen (lib/pwa/register-service-worker.ts).
      injectRegister: false,
      manifest: webAppManifest,
      includeManifestIcons: false,
      injectManifest: {
        // The plugin adds the web app manifest itself.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        manifestTransforms: [
          (entries) => {
            const firstScreen = firstScreenFiles(resolvedOutDir);
            const manifest = entries.filter(
              (entry) => !entry.url.startsWith('assets/') || firstScreen.has(entry.url),
            );
            return { manifest, warnings: [] };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
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
  // Issue 10 point 8: the app's and antd-mobile's px become rem at build time, so the phone's
  // or browser's text size and the in-app 글자 크기 (lib/text-size.ts) scale every screen.
  // Spacing (padding, margin, gaps, corner radii) and 1 px lines stay px: the room they take
  // from a 360 px screen should not grow with the text. Media queries describe the device.
  css: {
    postcss: {
      plugins: [
        pxtorem({
          rootValue: 16,
          propList: ['*', '!padding*', '!margin*', '!*gap', '!border*'],
          minPixelValue: 2,
          mediaQuery: false,
        }),
      ],
    },
  },
  server: {
    port: 15173,
    strictPort: true,
    proxy: { '/medical2': 'http://127.0.0.1:18081', '/mqtt': { target: 'ws://127.0.0.1:18081', ws: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'vendor', test: FIRST_SCREEN_LIBRARIES }] } },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    passWithNoTests: true,
    // Two cores shared with servers and browsers: screen tests get room to breathe.
    testTimeout: 20_000,
  },
}));
