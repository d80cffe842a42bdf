// `npm run bench:lighthouse [runs]`: Lighthouse (mobile preset, its default) against the built portal
// on a free port with a fresh sandbox, in Debian's Chromium: the home page, then the admin dashboard
// signed in through the sandbox popup in the same browser profile. Prints every run and the median of
// each figure (5 runs unless told) beside the targets of docs/performance.md; the JSON reports are
// kept under test-results/lighthouse/, with each run's artifacts too when LIGHTHOUSE_ARTIFACTS=1.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Flags, Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../test/support/chromium';
import { freePort, startPortalProcess } from '../src/testing/server/portalProcess';

const root = path.resolve(__dirname, '..');
// scripts/build.js is CommonJS without types.
const load = createRequire(__filename);
const reportDir = path.join(root, 'test-results', 'lighthouse');
const DEFAULT_RUNS = 5;
const ADMIN = 'admin@acme.example';
const STEP_TIMEOUT_MS = 30_000;
const MS_PER_SECOND = 1_000;

interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  accessibility: number;
  bestPractices: number;
}

type Targets = { [K in keyof Figures]?: { limit: number; atLeast: boolean } };

/** What every page keeps: no layout shift, full accessibility and best-practices scores. */
const EVERY_PAGE: Targets = {
  cls: { limit: 0.05, atLeast: false },
  accessibility: { limit: 100, atLeast: true },
  bestPractices: { limit: 100, atLeast: true },
};

/** The performance budget per page (docs/performance.md). */
const TARGETS: Record<'home' | 'admin dashboard', Targets> = {
  home: { ...EVERY_PAGE, performance: { limit: 95, atLeast: true } },
  'admin dashboard': {
    ...EVERY_PAGE,
    performance: { limit: 90, atLeast: true },
    lcpMs: { limit: 2_500, atLeast: false },
    tbtMs: { limit: 200, atLeast: false },
  },
};

const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

function figuresOf(lhr: Result): Figures {
  return {
    performance: score(lhr, 'performance'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    fcpMs: metric(lhr, 'first-contentful-paint'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function describe(figures: Figures): string {
  return (
    `performance ${figures.performance}, LCP ${(figures.lcpMs / MS_PER_SECOND).toFixed(2)} s, ` +
    `TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}, ` +
    `FCP ${(figures.fcpMs / MS_PER_SECOND).toFixed(2)} s, accessibility ${figures.accessibility}, ` +
    `best practices ${figures.bestPractices}`
  );
}

/** The audits that cost points, so a low figure says why. */
function failingAudits(lhr: Result): string[] {
  const failing: string[] = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit?.score !== null && (audit?.score ?? 1) < 1) {
        failing.push(`${id}: ${ref.id} (${audit?.displayValue ?? audit?.score})`);
      }
    }
  }
  return failing;
}

function missedTargets(figures: Figures, targets: Targets): string[] {
  return Object.entries(targets).flatMap(([key, target]) => {
    const value = figures[key as keyof Figures];
    const met = target.atLeast ? value >= target.limit : value <= target.limit;
    return met ? [] : [`${key} ${value} (target ${target.atLeast ? '≥' : '≤'} ${target.limit})`];
  });
}

async function signIn(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto(`${origin}/`);
  await page.getByLabel('Email address').fill(ADMIN);
  await page.getByRole('button', { name: 'Next' }).click();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sign in with Google' }).click(),
  ]);
  await popup.waitForLoadState();
  await popup.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL('**/licenses');
  await page.getByText('Total Licenses').waitFor();
  await page.close();
}

async function main() {
  const runs = Number(process.argv[2] ?? DEFAULT_RUNS);
  if (!Number.isInteger(runs) || runs <= 0) throw new Error(`Runs must be a positive integer.`);
  const { buildWhatIsMissing } = load('./build') as { buildWhatIsMissing: () => void };
  buildWhatIsMissing();
  const { default: lighthouse } = await import('lighthouse');

  mkdirSync(reportDir, { recursive: true });
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  const port = await freePort();
  const portal = await startPortalProcess({ entry: 'built' });
  // One profile for every run: Lighthouse opens its tab beside the signed-in page's storage; it
  // clears the HTTP cache before each run, so every load is cold.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  };
  const results: Record<string, Figures[]> = {};
  let failed = false;
  try {
    const pages: { name: keyof typeof TARGETS; url: string; before: () => Promise<void> }[] = [
      { name: 'home', url: `${portal.origin}/`, before: async () => undefined },
      {
        name: 'admin dashboard',
        url: `${portal.origin}/licenses`,
        before: () => signIn(context, portal.origin),
      },
    ];
    for (const page of pages) {
      await page.before();
      const figures: Figures[] = [];
      console.log(`\n${page.name} (${new URL(page.url).pathname}), Lighthouse mobile preset:`);
      for (let run = 1; run <= runs; run += 1) {
        const name = `${page.name.replace(/\s+/g, '-')}-${run}`;
        // LIGHTHOUSE_ARTIFACTS=1 keeps the trace and network log for scripts/lantern-what-if.ts.
        const artifacts =
          process.env.LIGHTHOUSE_ARTIFACTS === '1' ? path.join(reportDir, name) : null;
        const result = await lighthouse(
          page.url,
          artifacts === null ? flags : { ...flags, gatherMode: artifacts, auditMode: artifacts },
        );
        if (result === undefined) throw new Error('Lighthouse returned no result');
        const lhr = result.lhr;
        const file = path.join(reportDir, `${name}.json`);
        writeFileSync(file, JSON.stringify(lhr));
        if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
        figures.push(figuresOf(lhr));
        console.log(`  run ${run}: ${describe(figuresOf(lhr))}`);
        for (const line of failingAudits(lhr)) console.log(`    - ${line}`);
      }
      const middle = Object.fromEntries(
        Object.keys(figures[0] as Figures).map((key) => [
          key,
          median(figures.map((run) => run[key as keyof Figures])),
        ]),
      ) as unknown as Figures;
      results[page.name] = figures;
      const missed = missedTargets(middle, TARGETS[page.name]);
      console.log(`  median of ${runs}: ${describe(middle)}`);
      console.log(missed.length === 0 ? '  all targets met' : `  MISSED: ${missed.join('; ')}`);
      if (missed.length > 0) failed = true;
    }
  } finally {
    await context.close();
    await portal.stop();
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(`\nReports: ${path.relative(root, reportDir)}/`);
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
