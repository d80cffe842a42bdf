// How the real build reaches the browser (docs/performance.md): brotli and gzip copies beside every
// asset, sent compressed to Chromium, hashed files cached for good, the page never stored.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { DASHBOARD_PAGE_FILE, PRERENDERED_HOME_FILE } from '../../src/contract/prerender';
import { describePortal } from './support/journey';

const clientDir = path.resolve(__dirname, '..', '..', 'dist', 'client');
const COMPRESSIBLE = /\.(js|css|svg)$/;

function assetsOf(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return assetsOf(full);
    return COMPRESSIBLE.test(entry) ? [full] : [];
  });
}

const { journey } = describePortal();

/** The scripts a page asks for ahead of use: `<link rel=preload as=script …>` (minified or not). */
function preloadedScripts(page: string): { href: string; priority: string | undefined }[] {
  const html = readFileSync(path.join(clientDir, page), 'utf8');
  return [...html.matchAll(/<link\b[^>]*\brel="?preload"?[^>]*>/g)].map(([tag]) => ({
    href: /\bhref="?([^"\s>]+)/.exec(tag)?.[1] ?? '',
    priority: /\bfetchpriority="?(\w+)/.exec(tag)?.[1],
  }));
}

test.each([DASHBOARD_PAGE_FILE, 'index.html'])(
  '%s (/licenses, or the other routes) asks for the dashboard chunks at low priority',
  (file) => {
    const preloads = preloadedScripts(file);
    expect(preloads.some(({ href }) => /^\/js\/dashboard\.[0-9a-f]+\.js$/.test(href))).toBe(true);
    for (const { href, priority } of preloads) {
      expect({ href, priority, exists: existsSync(path.join(clientDir, href)) }).toEqual({
        href,
        priority: 'low',
        exists: true,
      });
    }
  },
);

test(`${DASHBOARD_PAGE_FILE} also asks for the answer checks, which a reload's first screen reads the early answer with`, () => {
  const preloads = preloadedScripts(DASHBOARD_PAGE_FILE);
  expect(preloads.some(({ href }) => /^\/js\/answer-checks\.[0-9a-f]+\.js$/.test(href))).toBe(true);
});

test('the pre-rendered home page asks for no chunk ahead of use', () => {
  expect(preloadedScripts(PRERENDERED_HOME_FILE)).toEqual([]);
});

test('the build writes a .br and a .gz copy beside every script, stylesheet and image', () => {
  const assets = assetsOf(clientDir);
  expect(assets.length).toBeGreaterThan(0);
  const missing = assets.filter((file) => !existsSync(`${file}.br`) || !existsSync(`${file}.gz`));
  expect(missing).toEqual([]);
});

journey(
  'the home page and its scripts arrive compressed and cached as they should',
  async ({ page }) => {
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/');
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await page.waitForLoadState('networkidle');

    const document = responses.find((response) => new URL(response.url()).pathname === '/');
    expect(document?.headers()['content-encoding']).toBe('br');
    expect(document?.headers()['cache-control']).toBe('no-store');

    const scripts = responses.filter((response) => /\.js$/.test(new URL(response.url()).pathname));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const headers = await script.allHeaders();
      expect({ url: script.url(), encoding: headers['content-encoding'] }).toEqual({
        url: script.url(),
        encoding: 'br',
      });
      expect(headers.vary).toMatch(/accept-encoding/i);
      expect(headers['cache-control']).toMatch(/max-age=31536000, immutable/);
    }
  },
);
