// axe-core in the page: zero serious or critical violations on a screen or an open dialog.
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';
import { animationsDone } from './pageActions';

const axeScript = require.resolve('axe-core/axe.min.js');
const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

interface Violation {
  id: string;
  impact: ImpactValue | undefined;
  help: string;
  targets: string[];
}

// Served as a same-origin script (fulfilled from node_modules by the browser, never by the
// portal), so the portal's CSP (script-src 'self') stays on and still admits it.
const AXE_PATH = '/__e2e__/axe.min.js';
const routed = new WeakSet<Page>();

async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  if (!routed.has(page)) {
    await page.route(`**${AXE_PATH}`, (route) =>
      route.fulfill({ path: axeScript, contentType: 'application/javascript' }),
    );
    routed.add(page);
  }
  await page.addScriptTag({ url: new URL(AXE_PATH, page.url()).href });
}

async function violations(page: Page): Promise<Violation[]> {
  // Mid-animation colours are not the ones people read.
  await animationsDone(page);
  await injectAxe(page);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document): Promise<AxeResults> } };
    const results = await axe.run(document);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? undefined,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

/** Fails with a readable list when axe finds a serious or critical violation on what is shown. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const blocking = (await violations(page)).filter(
    (violation) => violation.impact !== undefined && BLOCKING_IMPACTS.includes(violation.impact),
  );
  const lines = blocking.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.targets.join(', ')})`,
  );
  expect({ screen: what, seriousOrCritical: lines }).toEqual({
    screen: what,
    seriousOrCritical: [],
  });
}
