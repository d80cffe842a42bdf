// The QA recorder leaks nothing (docs/scenarios.md, Recording; Secrets and personal data): without
// PORTAL_RECORDING=true no byte of it is loaded, whatever the address says; with it, a session
// recorded end to end carries none of the tokens, cookies or XSRF values that went over the wire.
import { readFileSync } from 'node:fs';
import type { Browser, Response } from 'playwright-core';
import { SCENARIO_STORAGE_KEYS } from '../../src/client/recording/recordingStorage';
import { TOKEN_HEADER, XSRF_HEADER } from '../../src/contract/api';
import { parseScenario } from '../../src/scenarios/validateScenario';
import { launchChromium } from '../support/chromium';
import { startPortalProcess, type PortalProcess } from '../../src/testing/server/portalProcess';
import { emailInput, openDelegateDialog, signIn, waitForDashboard } from './support/pageActions';
import { ACME } from './support/sandbox';

const STEP_TIMEOUT_MS = 15_000;
/** Shorter values (a cookie's "1", an expiry) could turn up anywhere and are not secrets. */
const MIN_SECRET_LENGTH = 8;

let browser: Browser;
let plain: PortalProcess;
let recording: PortalProcess;

beforeAll(async () => {
  [browser, plain, recording] = await Promise.all([
    launchChromium(),
    startPortalProcess({ entry: 'built' }),
    startPortalProcess({ entry: 'built', env: { PORTAL_RECORDING: 'true' } }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([plain?.stop(), recording?.stop()]);
});

async function newPage(portal: PortalProcess) {
  const context = await browser.newContext({ baseURL: portal.origin, acceptDownloads: true });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  return { context, page: await context.newPage() };
}

test('without PORTAL_RECORDING, ?record loads nothing of the recorder and the main chunk holds none of it', async () => {
  const { context, page } = await newPage(plain);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  try {
    await page.goto('/?record');
    await emailInput(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((script) => script.includes('recorder'))).toBe(false);
    expect(await page.evaluate(() => 'portalScenario' in window)).toBe(false);
    expect(await page.getByRole('complementary', { name: 'Scenario recording' }).count()).toBe(0);

    // The page's own scripts (main, vendor, framework, runtime) know nothing of the recorder.
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const text = await (await page.request.get(script)).text();
      expect({ script, recorder: text.includes(SCENARIO_STORAGE_KEYS.current) }).toEqual({
        script,
        recorder: false,
      });
    }
  } finally {
    await context.close();
  }
});

/** Every value of a Cookie or Set-Cookie header. */
function cookieValues(header: string): string[] {
  return header
    .split(/;|\n/)
    .map((part) => part.trim().split('='))
    .filter(([name, value]) => name && value !== undefined)
    .map(([, ...value]) => value.join('='));
}

test('a session recorded end to end carries none of the tokens, cookies or XSRF values seen on the wire', async () => {
  const { context, page } = await newPage(recording);
  const secrets = new Set<string>();
  const remember = (value: string | null | undefined) => {
    if (!value || value.length < MIN_SECRET_LENGTH) return;
    secrets.add(value);
    secrets.add(decodeURIComponent(value));
  };
  const seenResponses: Promise<void>[] = [];
  context.on('request', (request) => {
    const headers = request.headers();
    remember(headers[TOKEN_HEADER]);
    remember(headers[XSRF_HEADER.toLowerCase()]);
    remember(headers.authorization?.replace(/^Bearer /, ''));
    for (const value of cookieValues(headers.cookie ?? '')) remember(value);
  });
  context.on('response', (response: Response) => {
    seenResponses.push(
      readSecrets(response).catch((error: unknown) => {
        // The sign-in popup closes itself once it has answered; what it still had in flight
        // can no longer be read, and the token it carried is read from storage below.
        if (response.frame().page().isClosed()) return;
        throw error;
      }),
    );
  });
  const readSecrets = async (response: Response) => {
    for (const { name, value } of await response.headersArray()) {
      if (name.toLowerCase() === 'set-cookie')
        for (const each of cookieValues(value)) remember(each);
    }
    // The identity provider's answer: the access token itself. Its granted `scope` is no secret: the
    // scenario keeps the scopes the sign-in asked for (docs/scenarios.md).
    if (new URL(response.url()).pathname.endsWith('/oauth/token')) {
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (typeof body.access_token === 'string') remember(body.access_token);
    }
  };
  try {
    await page.goto('/');
    await signIn(page, ACME.admin);
    await waitForDashboard(page);
    const dialog = await openDelegateDialog(
      page,
      'License Management Access',
      'Delegate Licenses Access',
    );
    await dialog.getByLabel('Enter Email Address').fill('ann@acme.example');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete ann@acme.example' }).waitFor();
    remember(
      await page.evaluate(
        () => (JSON.parse(localStorage.getItem('tokenData') ?? '{}') as { token?: string }).token,
      ),
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download scenario' }).click(),
    ]);
    const file = readFileSync((await download.path()) as string, 'utf8');
    const stored = await page.evaluate(
      (key) => sessionStorage.getItem(key) ?? '',
      SCENARIO_STORAGE_KEYS.current,
    );
    await Promise.all(seenResponses);

    // The session went over the wire with a token, the session cookie and the XSRF value.
    expect(secrets.size).toBeGreaterThanOrEqual(3);
    for (const secret of secrets) {
      expect({
        secret,
        inFile: file.includes(secret),
        inSessionStorage: stored.includes(secret),
      }).toEqual({ secret, inFile: false, inSessionStorage: false });
    }
    // What replay needs is still there, as placeholders, and the file is a valid scenario.
    const scenario = parseScenario(JSON.parse(file), 'downloaded.json');
    expect(file).toContain('"x-goog-token": "access-token-1"');
    expect(file).toContain('"xsrfToken": "xsrf-token-1"');
    expect(scenario.steps.some((step) => step.kind === 'user')).toBe(true);
  } finally {
    await context.close();
  }
});
