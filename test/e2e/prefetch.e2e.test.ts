// No waiting on a click (docs/performance.md): the chunks of the next screens and of every dialog are
// fetched while the page is idle, so once they are in, the portal shows them with every further
// script request refused, and a dialog opened by a click has its content on screen in the next frame.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ERROR_TEXT } from '../../src/contract/errors';
import {
  animationsDone,
  DELEGATE_DIALOGS,
  enterEmail,
  eventually,
  signIn,
  signInButton,
  waitForDashboard,
} from './support/pageActions';
import { describePortal, type Journey } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

// The home page's next steps (src/client/app/parts.ts), fetched one after another, the last one last.
const HOME_NEXT_STEPS = ['dashboard', 'forbidden', 'support', 'dialog-error', 'answer-checks'];
// The dashboard's next steps (src/client/app/dialogParts.ts): the admin menu and every dialog, fetched
// one after another, the last one last; and the answer checks the dialogs read, in since sign-in.
const DASHBOARD_NEXT_STEPS = [
  'dropdown',
  'dialog-confirm',
  'dialog-success',
  'dialog-error',
  'dialog-delegate',
  'dialog-history',
  'answer-checks',
];

const chunkName = (url: string) =>
  /\/js\/([\w-]+)\.[0-9a-f]+\.js$/.exec(new URL(url).pathname)?.[1];

/** Waits until every named chunk, and every other script asked for so far, has been fetched in full. */
async function chunksFetched({ requests }: Journey, names: string[]): Promise<void> {
  await eventually(`the chunks ${names.join(', ')} to be fetched`, async () => {
    const done = await Promise.all(
      requests
        .filter((request) => names.includes(chunkName(request.url()) ?? ''))
        .map(async (request) => {
          const response = await request.response();
          await response?.finished();
          return response?.ok() === true ? chunkName(request.url()) : undefined;
        }),
    );
    return names.every((name) => done.includes(name));
  });
  // A named chunk can arrive before the numbered chunks it needs: every script asked for so far
  // must be in before any is refused.
  await eventually('every script asked for to arrive', async () => {
    const scripts = requests.filter((request) =>
      new URL(request.url()).pathname.startsWith('/js/'),
    );
    const answers = await Promise.all(scripts.map((request) => request.response()));
    const finished = await Promise.all(
      answers.map((answer) => answer?.finished().then((failure) => failure === null) ?? false),
    );
    return finished.every(Boolean);
  });
}

/** From now on every script request fails; returns the paths that were refused (the dashboard's own
 * prefetching of its dialogs among them). */
async function refuseScripts(context: BrowserContext): Promise<string[]> {
  const refused: string[] = [];
  await context.route('**/js/**', async (route) => {
    refused.push(new URL(route.request().url()).pathname);
    await route.abort('internetdisconnected');
  });
  return refused;
}

/** Clicks the element inside the page and reports whether `text` is on screen one frame later. */
async function shownInNextFrame(page: Page, target: Locator, text: string): Promise<boolean> {
  const element = await target.elementHandle();
  if (!element) throw new Error(`Nothing to click for ${text}`);
  return page.evaluate(
    ([clicked, expected]) =>
      new Promise<boolean>((resolve) => {
        (clicked as HTMLElement).click();
        requestAnimationFrame(() => resolve(document.body.innerText.includes(expected)));
      }),
    [element, text] as const,
  );
}

journey(
  'the home page fetches the next screens when idle: signing in needs no further code',
  async (trip) => {
    const { page, context } = trip;
    await page.goto('/');
    await chunksFetched(trip, HOME_NEXT_STEPS);
    const refused = await refuseScripts(context);

    await enterEmail(page, ACME.admin);
    await signInButton(page).waitFor();
    await signIn(page, ACME.admin);
    // Had the dashboard needed a script, the refusal would have ended on the crash screen instead.
    await waitForDashboard(page);
    expect(refused.filter((file) => /\/js\/(dashboard|forbidden|support)\./.test(file))).toEqual(
      [],
    );
  },
);

journey(
  'the dashboard fetches every dialog when idle: each opens with its content in the next frame',
  async (trip) => {
    const { page, context } = trip;
    await page.goto('/');
    await enterEmail(page, ACME.admin);
    await signInButton(page).waitFor();
    await signIn(page, ACME.admin);
    await waitForDashboard(page);
    await chunksFetched(trip, DASHBOARD_NEXT_STEPS);
    const refused = await refuseScripts(context);
    const menu = page.getByRole('button', { name: 'Delegate access menu' });

    const delegate = DELEGATE_DIALOGS.licence;
    await menu.click();
    expect(
      await shownInNextFrame(
        page,
        page.getByRole('menuitem', { name: delegate.menuItem }),
        delegate.title,
      ),
    ).toBe(true);
    const dialog = page.getByRole('dialog', { name: delegate.title });
    // A present delegate, added again, opens the error dialog: it too needs no code.
    await dialog.getByText(ACME.licences, { exact: true }).waitFor();
    await dialog.getByLabel('Enter Email Address').fill(ACME.licences);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const error = page.getByRole('dialog', { name: 'Oops! An Error Occurred.' });
    await error.getByText(ERROR_TEXT.memberAlreadyExists, { exact: true }).waitFor();
    await error.getByRole('button', { name: 'CLOSE' }).click();
    await error.waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'CLOSE' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await menu.click();
    expect(
      await shownInNextFrame(
        page,
        page.getByRole('menuitem', { name: 'Change History' }),
        'Change History',
      ),
    ).toBe(true);
    const history = page.getByRole('dialog', { name: 'Change History' });
    // A click while antd is still zooming the dialog in can be lost (CI lost this one once).
    await animationsDone(page);
    await history.getByRole('button', { name: 'CLOSE' }).click();
    await history.waitFor({ state: 'hidden' });

    await page.getByLabel('Add Licenses').fill('1');
    expect(
      await shownInNextFrame(
        page,
        page.getByRole('button', { name: 'Add Licenses' }),
        'Confirm Adding Licenses',
      ),
    ).toBe(true);
    const confirm = page.getByRole('dialog', { name: 'Confirm Adding Licenses' });
    // As with the history: a click while antd still zooms the dialog in can be lost.
    await animationsDone(page);
    await confirm.getByRole('button', { name: 'Add Licenses' }).click();
    await page.getByText('Licenses Added Succesfully!', { exact: true }).waitFor();
    expect(refused).toEqual([]);
  },
  { freshDataset: true },
);
