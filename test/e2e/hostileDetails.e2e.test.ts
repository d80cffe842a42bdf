// Hostile error details on the forbidden screen (docs/security.md): the sandbox's hostile.example
// answers sign-in with a 403 whose details carry a script, event handlers, a javascript: link, an
// iframe, a meta refresh and requests to another origin. The screen shows the harmless text and
// runs none of it: the details are sanitised, and the CSP would stop the payloads even if they were not.
import type { Page, Request } from 'playwright-core';
import {
  HOSTILE_DEMO,
  HOSTILE_DEMO_DETAILS,
  HOSTILE_DEMO_FLAG,
  HOSTILE_DEMO_ORIGIN,
  HOSTILE_DEMO_TEXT,
} from '../../src/server/providers/sandbox/hostileDemo';
import { signIn, storedTokenData } from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';

const { journey } = describePortal();

/** Longer than any payload needs to fire: an image error, a 1 s SVG animation, a meta refresh. */
const PAYLOAD_GRACE_MS = 1500;

/** Every dialog a page opens (alert, confirm, prompt), dismissed so nothing blocks. */
function collectDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

function flagOf(page: Page): Promise<unknown> {
  return page.evaluate(
    (flag) => (window as unknown as Record<string, unknown>)[flag],
    HOSTILE_DEMO_FLAG,
  );
}

/** Requests to the attacker's origin that got an answer (a blocked one never does). */
async function answeredAttackerRequests(requests: Request[]): Promise<string[]> {
  const toAttacker = requests.filter((request) => request.url().startsWith(HOSTILE_DEMO_ORIGIN));
  const answered = await Promise.all(
    toAttacker.map(async (request) => ((await request.response()) === null ? null : request.url())),
  );
  return answered.filter((url): url is string => url !== null);
}

async function openForbiddenScreen(page: Page): Promise<void> {
  await page.goto('/');
  await signIn(page, HOSTILE_DEMO.admin);
  await page.waitForURL('**/forbidden');
  await page.getByRole('heading', { name: '403' }).waitFor();
  // Typed out at 10 ms a character; the whole harmless text is there once typing ends.
  await page.locator('dd [aria-busy="false"]').waitFor();
}

journey(
  'hostile error details: the forbidden screen shows their text and runs nothing',
  async ({ page, requests }) => {
    const dialogs = collectDialogs(page);
    await openForbiddenScreen(page);
    const cause = page.locator('dd');
    expect(await cause.innerText()).toBe(HOSTILE_DEMO_TEXT);
    await page.waitForTimeout(PAYLOAD_GRACE_MS);

    // Only the harmless markup is left in the page: no element or attribute that could run or fetch.
    expect(await cause.locator('b').innerText()).toBe('Subscription locked');
    const leftovers = await cause.evaluate((element) => ({
      elements: element.querySelectorAll(
        'script, img, svg, iframe, style, meta, form, input, details',
      ).length,
      handlers: [...element.querySelectorAll('*')].flatMap((node) =>
        [...node.attributes]
          .map((attribute) => attribute.name)
          .filter((name) => name.startsWith('on')),
      ),
      scriptLinks: element.querySelectorAll('[href^="javascript:" i]').length,
    }));
    expect(leftovers).toEqual({ elements: 0, handlers: [], scriptLinks: 0 });

    expect(await flagOf(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await answeredAttackerRequests(requests)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/forbidden');
    // The 403 still took the token away, as any subscription failure does.
    expect(await storedTokenData(page)).toBeNull();
    await expectAccessible(page, 'forbidden (hostile details)');
  },
);

journey(
  'the CSP alone stops the same payloads put into the forbidden screen unsanitised',
  async ({ page, requests }) => {
    const dialogs = collectDialogs(page);
    await openForbiddenScreen(page);
    const policy = (await page.request.get('/forbidden')).headers()['content-security-policy'];
    const scriptSources = policy?.split(';').map((directive) => directive.trim());
    expect(scriptSources?.find((directive) => directive.startsWith('script-src'))).toBe(
      "script-src 'self'",
    );

    // A meta refresh navigates whatever the CSP says: the sanitiser is what stops that one.
    const unsanitised = HOSTILE_DEMO_DETAILS.replace(/<meta[^>]*>/g, '');
    const violations = await page.evaluate(
      async ({ html, graceMs }) => {
        const seen: string[] = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(event.effectiveDirective),
        );
        const probe = document.createElement('div');
        probe.innerHTML = html;
        document.body.append(probe);
        probe.querySelector<HTMLAnchorElement>('a[href^="javascript:"]')?.click();
        await new Promise((resolve) => setTimeout(resolve, graceMs));
        return seen;
      },
      { html: unsanitised, graceMs: PAYLOAD_GRACE_MS },
    );

    // The inline handlers and the other origin's image and stylesheet were each refused by the CSP.
    expect(violations).toEqual(
      expect.arrayContaining(['script-src-attr', 'script-src-elem', 'img-src', 'style-src-elem']),
    );
    expect(await flagOf(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await answeredAttackerRequests(requests)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/forbidden');
  },
);
