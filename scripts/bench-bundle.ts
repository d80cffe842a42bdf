// `npm run bench:bundle`: builds the production client and the reference app (scripts/bench/
// referenceApp.tsx: one element with react, react-dom, @reduxjs/toolkit, react-redux, redux-saga and
// react-router-dom) and the floor (scripts/bench/floorApp.tsx: the same with antd Button, Input, Spin
// and Typography) with the same webpack configuration in the same run, into a temp directory, and
// prints the gzip and brotli sizes of what the home route loads before first paint, of every lazy
// chunk, and the ratio to the reference (budget ≤ 2.3×; docs/performance.md).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import webpack, { type Configuration, type Stats } from 'webpack';
import { DASHBOARD_PAGE_FILE, PRERENDERED_HOME_FILE } from '../src/contract/prerender';

const root = path.resolve(__dirname, '..');
// The webpack configuration is CommonJS without types.
const load = createRequire(__filename);
const TARGET_RATIO = 2.3;
const KIB = 1024;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

interface Part extends Sizes {
  name: string;
}

type ConfigFactory = (env: Record<string, unknown>, argv: { mode: string }) => Configuration;

function sizesOf(content: Buffer): Sizes {
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  };
}

function total(parts: Sizes[]): Sizes {
  return parts.reduce(
    (sum, part) => ({
      raw: sum.raw + part.raw,
      gzip: sum.gzip + part.gzip,
      brotli: sum.brotli + part.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

function build(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(config, (error: Error | null | undefined, stats: Stats | undefined) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
}

/** The page and every local script and stylesheet it loads before it is interactive. */
function homeRouteParts(outputDir: string): { parts: Part[]; files: Set<string> } {
  // The page '/' gets: the pre-rendered home (its inline styles count), or index.html.
  const prerendered = path.join(outputDir, PRERENDERED_HOME_FILE);
  const page = existsSync(prerendered) ? prerendered : path.join(outputDir, 'index.html');
  const html = readFileSync(page, 'utf8');
  const parts: Part[] = [];
  const files = new Set<string>();
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  for (const tag of tags) {
    const isScript = tag.startsWith('<script');
    const rel = /\brel="?([^"\s>]+)/.exec(tag)?.[1] ?? '';
    if (!isScript && !['stylesheet', 'preload', 'modulepreload'].includes(rel)) continue;
    const url = /\b(?:src|href)="?(\/[^"\s>]+)/.exec(tag)?.[1];
    if (url === undefined || !/\.(js|css)$/.test(url)) continue;
    files.add(url.slice(1));
    parts.push({ name: url.slice(1), ...sizesOf(readFileSync(path.join(outputDir, url))) });
  }
  // The page itself, compressed as a whole as the server sends it: its inline styles (the
  // pre-rendered home's critical CSS) and markup arrive before anything else.
  parts.push({ name: `page ${path.basename(page)}`, ...sizesOf(Buffer.from(html)) });
  return { parts, files };
}

function lazyParts(outputDir: string, initial: Set<string>): Part[] {
  const found: Part[] = [];
  const visit = (relative: string) => {
    const full = path.join(outputDir, relative);
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full)) visit(path.join(relative, entry));
      return;
    }
    const name = relative.split(path.sep).join('/');
    if (!/\.(js|css)$/.test(name) || initial.has(name)) return;
    found.push({ name, ...sizesOf(readFileSync(full)) });
  };
  visit('.');
  return found.sort((a, b) => b.gzip - a.gzip);
}

/** TCP's first window, 10 segments of 1,460 bytes: a larger answer waits a round trip for the rest. */
const FIRST_WINDOW_BYTES = 10 * 1460;
/** What the server adds to a page of the build: its headers (930 bytes) and the configuration block. */
const SERVED_PAGE_ALLOWANCE_BYTES = 1200;

/** Each page of the build, brotli as the server sends it, against the first window (docs/performance.md). */
function printPagesAgainstFirstWindow(outputDir: string): void {
  const budget = FIRST_WINDOW_BYTES - SERVED_PAGE_ALLOWANCE_BYTES;
  console.log(
    `\nPages, brotli, against TCP's first window (${kib(FIRST_WINDOW_BYTES)}, ${kib(budget)} once the server's headers and configuration are in):`,
  );
  const pages: [file: string, routes: string][] = [
    [PRERENDERED_HOME_FILE, '/'],
    [DASHBOARD_PAGE_FILE, '/licenses'],
    ['index.html', '/forbidden, /support, / with a query'],
  ];
  for (const [file, routes] of pages) {
    const full = path.join(outputDir, file);
    if (!existsSync(full)) continue;
    const { brotli } = sizesOf(readFileSync(full));
    const verdict = brotli <= budget ? 'one round trip' : 'over: a second round trip';
    console.log(`  ${`${file} (${routes})`.padEnd(58)} ${kib(brotli).padStart(11)}  ${verdict}`);
  }
}

const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

function row(name: string, sizes: Sizes): string {
  return `  ${name.padEnd(48)} ${kib(sizes.raw).padStart(11)} ${kib(sizes.gzip).padStart(11)} ${kib(sizes.brotli).padStart(11)}`;
}

function printTable(title: string, parts: Part[], withTotal: boolean): Sizes {
  console.log(`\n${title}`);
  console.log(
    `  ${''.padEnd(48)} ${'minified'.padStart(11)} ${'gzip'.padStart(11)} ${'brotli'.padStart(11)}`,
  );
  for (const part of parts) console.log(row(part.name, part));
  const sum = total(parts);
  if (withTotal) console.log(row('total', sum));
  return sum;
}

async function main() {
  const makeConfig = load(path.join(root, 'webpack.config.js')) as ConfigFactory;
  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-bundle-'));
  try {
    const portalDir = path.join(workDir, 'portal');
    const referenceDir = path.join(workDir, 'reference');
    const floorDir = path.join(workDir, 'floor');
    const portal = makeConfig({}, { mode: 'production' });
    const reference = makeConfig({ reference: true }, { mode: 'production' });
    portal.output = { ...portal.output, path: portalDir };
    reference.entry = { main: path.join(root, 'scripts', 'bench', 'referenceApp.tsx') };
    reference.output = { ...reference.output, path: referenceDir };
    const floor = makeConfig({ reference: true }, { mode: 'production' });
    floor.entry = { main: path.join(root, 'scripts', 'bench', 'floorApp.tsx') };
    floor.output = { ...floor.output, path: floorDir };

    console.log('Building the portal client and the reference app (webpack, production)…');
    await build(portal);
    await build(reference);
    await build(floor);

    const home = homeRouteParts(portalDir);
    const base = homeRouteParts(referenceDir);
    const floorParts = homeRouteParts(floorDir);
    const homeSum = printTable('Home route, before first paint (portal)', home.parts, true);
    const baseSum = printTable('Reference app, same toolchain', base.parts, true);
    const floorSum = printTable(
      'Floor: the reference with antd Button, Input, Spin and Typography',
      floorParts.parts,
      true,
    );
    printTable('Lazy chunks (portal), largest first', lazyParts(portalDir, home.files), true);

    const gzipRatio = homeSum.gzip / baseSum.gzip;
    const brotliRatio = homeSum.brotli / baseSum.brotli;
    console.log(
      `\nHome route / reference: gzip ${kib(homeSum.gzip)} / ${kib(baseSum.gzip)} = ${gzipRatio.toFixed(2)}×, ` +
        `brotli ${kib(homeSum.brotli)} / ${kib(baseSum.brotli)} = ${brotliRatio.toFixed(2)}× (target ≤ ${TARGET_RATIO.toFixed(1)}×)`,
    );
    console.log(
      `Floor / reference: gzip ${kib(floorSum.gzip)} / ${kib(baseSum.gzip)} = ${(floorSum.gzip / baseSum.gzip).toFixed(2)}×, ` +
        `brotli ${(floorSum.brotli / baseSum.brotli).toFixed(2)}×`,
    );
    printPagesAgainstFirstWindow(portalDir);
    if (gzipRatio > TARGET_RATIO) process.exitCode = 1;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
