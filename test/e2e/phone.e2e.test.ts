// On a phone the dashboard fits the screen: the header keeps the customer's domain on one line and
// puts its actions under it, the seat-usage warning keeps its words whole, and nothing is wider than
// the page (docs/behaviour.md 2.2).
import type { Page } from 'playwright-core';
import { signInToDashboard } from './support/pageActions';
import { describePortal } from './support/journey';
import { ACME, FULL } from './support/sandbox';

const { journey } = describePortal();

const PHONE_HEIGHT_PX = 844;

/** How far anything on the page reaches past the right edge of the screen. */
async function overflowPx(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// 390 px is a common phone; 320 px the narrowest still in use.
for (const width of [390, 320]) {
  journey(
    `at ${width} px the header keeps the domain on one line and every action on screen`,
    async ({ page }) => {
      await page.setViewportSize({ width, height: PHONE_HEIGHT_PX });
      await signInToDashboard(page, ACME.admin);

      const domain = page.getByText(ACME.domain.toUpperCase(), { exact: true });
      const lineHeight = await domain.evaluate((element) =>
        parseFloat(getComputedStyle(element).lineHeight),
      );
      const domainBox = await domain.boundingBox();
      // One line, not the letter-a-line column a squeezed flex item wraps to.
      expect(domainBox?.height).toBeLessThan(lineHeight * 1.5);

      for (const action of [
        page.getByRole('button', { name: 'Delegate access menu' }),
        page.getByRole('button', { name: 'Sign out' }),
        page.getByRole('img', { name: `Photo of ${ACME.admin}` }),
      ]) {
        const box = await action.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      }
      expect(await overflowPx(page)).toBeLessThanOrEqual(0);
    },
  );
}

for (const width of [390, 320]) {
  journey(
    `at ${width} px the seat-usage warning keeps its words whole and puts its button below them`,
    async ({ page }) => {
      await page.setViewportSize({ width, height: PHONE_HEIGHT_PX });
      await signInToDashboard(page, FULL.admin);

      const title = page.getByText('Almost all licenses are assigned', { exact: true });
      // No word broken across lines: the title is as wide as its longest word at the very least.
      const words = await title.evaluate((element) => {
        const measure = document.createElement('span');
        measure.style.whiteSpace = 'nowrap';
        element.append(measure);
        const widest = Math.max(
          ...(element.firstChild?.textContent ?? '').split(' ').map((word) => {
            measure.textContent = word;
            return measure.getBoundingClientRect().width;
          }),
        );
        measure.remove();
        return { widest, width: element.getBoundingClientRect().width };
      });
      expect(words.width).toBeGreaterThanOrEqual(words.widest);
      const titleBox = await title.boundingBox();
      const buttonBox = await page.getByRole('button', { name: 'Add more licenses' }).boundingBox();
      expect(buttonBox?.y ?? 0).toBeGreaterThan((titleBox?.y ?? 0) + (titleBox?.height ?? 0));
      expect(await overflowPx(page)).toBeLessThanOrEqual(0);
    },
  );
}
