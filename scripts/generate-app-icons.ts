/**
 * Renders the patient app's icons (apps/patient/icons/*.svg) to the PNG sizes browsers and
 * stores ask for, into apps/patient/public/icons/. Run once after changing an SVG and
 * commit the PNGs: `node --import tsx scripts/generate-app-icons.ts`. Debian's Chromium
 * draws them (no rasteriser to install).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../apps/patient/', import.meta.url));

/** The plain icon fills its square with rounded corners; the maskable one keeps its mark in the middle 80 % (the safe zone). */
const ICONS = [
  { source: 'app-icon.svg', file: 'icon-192.png', size: 192 },
  { source: 'app-icon.svg', file: 'icon-512.png', size: 512 },
  { source: 'app-icon-maskable.svg', file: 'icon-maskable-512.png', size: 512 },
  // iOS rounds the corners itself and shows transparency as black: the full-bleed square.
  { source: 'app-icon-maskable.svg', file: 'apple-touch-icon-180.png', size: 180 },
] as const;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  mkdirSync(`${root}public/icons`, { recursive: true });
  for (const icon of ICONS) {
    const svg = readFileSync(`${root}icons/${icon.source}`, 'utf8');
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: `${root}public/icons/${icon.file}`, omitBackground: true });
    await page.close();
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
