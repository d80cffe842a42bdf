// What the support frame lets the reseller's site do (docs/security.md, The support frame).

/** A support site's needs: its scripts and forms, links and downloads in new tabs, its own cookies. */
const SUPPORT_SITE_NEEDS = [
  'allow-scripts',
  'allow-forms',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-downloads',
];
/** Only for a site on another origin: on the portal's own it would reach the stored token. */
const OWN_ORIGIN_STORAGE = 'allow-same-origin';

/** The page the frame is in tells the support site nothing about where the person was. */
export const SUPPORT_FRAME_REFERRER_POLICY = 'no-referrer';

/** The frame's sandbox: never navigating the portal away, and an opaque origin for a same-origin URL. */
export function supportFrameSandbox(supportSiteUrl: string, portalOrigin: string): string {
  const sameOrigin = new URL(supportSiteUrl, portalOrigin).origin === portalOrigin;
  return [...SUPPORT_SITE_NEEDS, ...(sameOrigin ? [] : [OWN_ORIGIN_STORAGE])].join(' ');
}
