// The home page's build-time HTML (docs/performance.md): it paints before any script runs, looks as
// the live page does, and gives way to the live page, whose field takes typing.
import type { Page } from 'playwright-core';
import { emailInput, eventually, nextButton } from './support/pageActions';
import { describePortal } from './support/journey';

const { journey } = describePortal();

/** Where the home page's heading, field and button sit. */
async function layout(page: Page) {
  const boxes = {
    heading: await page.getByRole('heading', { name: 'Customer Portal' }).boundingBox(),
    field: await emailInput(page).boundingBox(),
    next: await nextButton(page).boundingBox(),
  };
  return Object.fromEntries(
    Object.entries(boxes).map(([name, box]) => [
      name,
      box && [box.x, box.y, box.width, box.height].map((value) => Math.round(value)),
    ]),
  );
}

journey(
  'the home page paints without scripts, as the live page looks',
  async ({ page, context, portal }) => {
    const browser = context.browser();
    if (!browser) throw new Error('No browser');
    // Scripts that never arrive: what a visitor sees until they do.
    const withoutScripts = await browser.newContext({ baseURL: portal.origin });
    await withoutScripts.route('**/js/**', (route) => route.abort('internetdisconnected'));
    try {
      const still = await withoutScripts.newPage();
      await still.goto('/');
      expect(
        await still
          .getByText("Enter the email address of your organisation's account to continue.")
          .count(),
      ).toBe(1);
      expect(await nextButton(still).isDisabled()).toBe(true);
      expect(await emailInput(still).isEditable()).toBe(false);
      const prerendered = await layout(still);

      await page.goto('/');
      // The live field replaces the read-only one of the build-time HTML.
      await emailInput(page).fill('admin@acme.example');
      expect(await nextButton(page).isEnabled()).toBe(true);
      await emailInput(page).fill('');
      expect(await layout(page)).toEqual(prerendered);

      // A query can change the page (docs/behaviour.md 2.1): it starts from the empty page.
      await still.goto('/?customer=support');
      expect(await still.getByRole('heading', { name: 'Customer Portal' }).count()).toBe(0);
    } finally {
      await withoutScripts.close();
    }
  },
);

journey(
  'a field focused before the scripts arrive keeps the focus in the live page',
  async ({ page, context }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/js/**', async (route) => {
      await released;
      await route.continue();
    });
    // The page is there; its scripts are held, so it never finishes loading until released.
    await page.goto('/', { waitUntil: 'commit' });
    await emailInput(page).focus();
    expect(await emailInput(page).isEditable()).toBe(false);

    release();
    await eventually('the live field', () => emailInput(page).isEditable());
    // No click: the keyboard types into the field the focus was moved to.
    await page.keyboard.type('admin@acme.example');
    expect(await emailInput(page).inputValue()).toBe('admin@acme.example');
    expect(await nextButton(page).isEnabled()).toBe(true);
  },
);
