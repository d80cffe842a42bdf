// One journey = one Jest test with its own browser context (clean storage and cookies), every page
// of it watched (console, page errors, requests), and artefacts saved when it fails.
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchChromium } from '../../support/chromium';
import { saveFailureArtefacts } from './failureReport';
import { sandboxWithCrowd } from '../../../src/testing/server/customerCrowd';
import { startPortalProcess, type PortalProcess } from '../../../src/testing/server/portalProcess';

const STEP_TIMEOUT_MS = 15_000;

/** The built portal (dist/), which scripts/e2e.js builds before the suite. */
export function startBuiltPortal(): Promise<PortalProcess> {
  return startPortalProcess({ entry: 'built' });
}

export interface Journey {
  portal: PortalProcess;
  context: BrowserContext;
  /** The first page, already open on about:blank. */
  page: Page;
  /** Every request any page of the journey made, in order. */
  requests: Request[];
  /** Requests whose path starts with `pathName`. */
  requestsTo(pathName: string, method?: string): Request[];
  /** How many times the first page finished loading a document. */
  loads(): number;
}

export interface JourneyOptions {
  /** A portal of its own with a freshly seeded sandbox (for journeys that change the dataset). */
  freshDataset?: boolean;
}

function watch(page: Page, label: string, log: string[]) {
  page.on('console', (message) => log.push(`[${label} ${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => log.push(`[${label} pageerror] ${error.stack ?? error.message}`));
  page.on('requestfailed', (request) =>
    log.push(`[${label} requestfailed] ${request.method()} ${request.url()}`),
  );
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) log.push(`[${label} navigated] ${frame.url()}`);
  });
}

/** Declares the suite's portal and browser (one each per test file) and returns `journey`. */
export interface PortalDataset {
  /** More customers in the shared portal's sandbox (src/testing/server/customerCrowd.ts). */
  crowd?: number;
}

export function describePortal(dataset: PortalDataset = {}) {
  let shared: PortalProcess | undefined;
  let browser: Browser | undefined;
  let crowdDir: string | undefined;

  beforeAll(async () => {
    crowdDir = dataset.crowd === undefined ? undefined : await sandboxWithCrowd(dataset.crowd);
    const started = startPortalProcess({
      entry: 'built',
      ...(crowdDir === undefined ? {} : { dataDir: crowdDir }),
    });
    [shared, browser] = await Promise.all([started, launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shared?.stop();
    if (crowdDir !== undefined) rmSync(crowdDir, { recursive: true, force: true });
  });

  async function run(title: string, body: (journey: Journey) => Promise<void>, fresh: boolean) {
    if (!shared || !browser) throw new Error('The portal or Chromium did not start');
    const portal = fresh ? await startBuiltPortal() : shared;
    const context = await browser.newContext({ baseURL: portal.origin });
    // Well inside Jest's limit, so a stuck step fails with its own message and artefacts.
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const log: string[] = [];
    const pages: Page[] = [];
    const requests: Request[] = [];
    context.on('page', (page) => {
      pages.push(page);
      watch(page, pages.length === 1 ? 'page' : `page${pages.length}`, log);
    });
    context.on('request', (request) => requests.push(request));
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => (loads += 1));
    const journey: Journey = {
      portal,
      context,
      page,
      requests,
      requestsTo: (pathName, method) =>
        requests.filter(
          (request) =>
            new URL(request.url()).pathname.startsWith(pathName) &&
            (method === undefined || request.method() === method),
        ),
      loads: () => loads,
    };
    try {
      await body(journey);
    } catch (error) {
      const saved = await saveFailureArtefacts(title, pages, log, portal.output());
      const report = `Failure artefacts:\n  ${saved.join('\n  ')}`;
      console.error(report);
      if (error instanceof Error) error.message = `${error.message}\n\n${report}`;
      throw error;
    } finally {
      await context.close();
      if (fresh) await portal.stop();
    }
  }

  return {
    journey(title: string, body: (journey: Journey) => Promise<void>, options?: JourneyOptions) {
      test(title, () => run(title, body, options?.freshDataset === true));
    },
  };
}
