/**
 * Draws the app's icons: one SVG (a calendar page whose grid has one marked cell: dates and
 * tables, Almanac's two subjects) rasterised by headless Chromium into the PNG sizes the web
 * app manifest and browsers ask for. Nothing is downloaded; the PNGs are committed under
 * `public/icons/`, so a build never needs Chromium. Rerun after changing the drawing:
 * `npm run icons`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunch } from '../vitest.config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'icons');

/** The calendar page, drawn on a 512 × 512 canvas around its centre. */
const MARK = `
  <rect x="112" y="136" width="288" height="264" rx="36" fill="#ffffff"/>
  <path d="M148 136h216a36 36 0 0 1 36 36v36H112v-36a36 36 0 0 1 36-36z" fill="#d3e1f8"/>
  <rect x="176" y="100" width="30" height="60" rx="15" fill="#0f2a57"/>
  <rect x="306" y="100" width="30" height="60" rx="15" fill="#0f2a57"/>
  ${[0, 1, 2].flatMap((r) => [0, 1, 2, 3].map((c) => {
    const marked = r === 1 && c === 2;
    return `<rect x="${140 + c * 64}" y="${232 + r * 56}" width="48" height="40" rx="8" fill="${marked ? '#ffd54a' : '#e4eaf4'}"${marked ? ' stroke="#b7791f" stroke-width="6"' : ''}/>`;
  })).join('\n  ')}`;

const GRADIENT = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3173db"/><stop offset="1" stop-color="#1a3c7a"/></linearGradient></defs>`;

/** The icon with rounded corners (purpose "any"). */
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${GRADIENT}<rect width="512" height="512" rx="112" fill="url(#bg)"/>${MARK}</svg>`;

/** Full-bleed, the mark inside the central 80 % circle a platform may crop to (purpose "maskable"). */
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${GRADIENT}<rect width="512" height="512" fill="url(#bg)"/><g transform="translate(256 256) scale(0.78) translate(-256 -256)">${MARK}</g></svg>`;

const PNGS: Array<{ file: string; svg: string; size: number }> = [
  { file: 'icon-192.png', svg: ICON, size: 192 },
  { file: 'icon-512.png', svg: ICON, size: 512 },
  { file: 'maskable-512.png', svg: MASKABLE, size: 512 },
  { file: 'apple-touch-icon-180.png', svg: MASKABLE, size: 180 },
  { file: 'favicon-32.png', svg: ICON, size: 32 },
];

async function main(): Promise<void> {
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'icon.svg'), `${ICON}\n`);
  const browser = await chromium.launch({ executablePath: chromiumLaunch.executablePath, args: chromiumLaunch.args, headless: true });
  try {
    const page = await browser.newPage();
    for (const { file, svg, size } of PNGS) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(`<!doctype html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`);
      await page.screenshot({ path: path.join(out, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      console.error(`icons: ${file} (${size} px)`);
    }
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify({ written: ['icon.svg', ...PNGS.map((p) => p.file)] }));
}

await main();
