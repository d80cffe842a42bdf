import { PORTAL_CONFIG_ELEMENT_ID } from '../../contract/config';
import { parsePortalConfig, PortalConfigError, readPortalConfig } from './config';

const valid = {
  identity: {
    kind: 'sandbox',
    clientId: 'portal-sandbox',
    authorizeUrl: '/sandbox/oauth/authorize',
  },
  contactUrl: '/sandbox/contact',
  helpdeskUrl: '/sandbox/helpdesk',
  supportSiteUrl: '/sandbox/support-site',
  helpCentreUrl: 'https://support.google.com/a/answer/1247362',
};

function page(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('portal');
  if (content !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = PORTAL_CONFIG_ELEMENT_ID;
    script.textContent = content;
    doc.body.appendChild(script);
  }
  return doc;
}

describe('runtime configuration (docs/api.md, Pages)', () => {
  it('reads the server-injected JSON block', () => {
    expect(readPortalConfig(page(JSON.stringify(valid)))).toEqual(valid);
  });

  it('accepts google identity without an authorize URL and the recording switch', () => {
    const google = {
      ...valid,
      identity: { kind: 'google', clientId: 'x.apps.googleusercontent.com' },
      recording: true,
    };
    expect(parsePortalConfig(google)).toEqual(google);
  });

  it('keeps the XSRF cookie name the server chose, and refuses any other name', () => {
    expect(parsePortalConfig({ ...valid, xsrfCookie: '__Host-XSRF-TOKEN' }).xsrfCookie).toBe(
      '__Host-XSRF-TOKEN',
    );
    expect(parsePortalConfig({ ...valid, xsrfCookie: 'XSRF-TOKEN' }).xsrfCookie).toBe('XSRF-TOKEN');
    expect(() => parsePortalConfig({ ...valid, xsrfCookie: 'theme' })).toThrow(
      /xsrfCookie must be one of __Host-XSRF-TOKEN, XSRF-TOKEN/,
    );
  });

  it('drops unknown fields', () => {
    expect(parsePortalConfig({ ...valid, secret: 'x' })).not.toHaveProperty('secret');
  });

  it('says readably that the block is missing', () => {
    expect(() => readPortalConfig(page(null))).toThrow(PortalConfigError);
    expect(() => readPortalConfig(page(null))).toThrow(/missing.*portal-config/);
  });

  it('says readably that the block is not JSON', () => {
    expect(() => readPortalConfig(page('{identity:'))).toThrow(/malformed.*not valid JSON/);
  });

  it.each([
    ['an array', [], /JSON object/],
    ['no identity', { ...valid, identity: undefined }, /identity must be an object/],
    [
      'an unknown identity kind',
      { ...valid, identity: { kind: 'saml', clientId: 'x' } },
      /identity.kind/,
    ],
    [
      'an empty client id',
      { ...valid, identity: { kind: 'google', clientId: ' ' } },
      /identity.clientId/,
    ],
    [
      'a numeric authorize URL',
      { ...valid, identity: { ...valid.identity, authorizeUrl: 3 } },
      /authorizeUrl/,
    ],
    ['no contact URL', { ...valid, contactUrl: undefined }, /contactUrl/],
    ['a numeric help-desk URL', { ...valid, helpdeskUrl: 1 }, /helpdeskUrl/],
    ['no support-site URL', { ...valid, supportSiteUrl: '' }, /supportSiteUrl/],
    ['no help-centre URL', { ...valid, helpCentreUrl: null }, /helpCentreUrl/],
    ['a text recording switch', { ...valid, recording: 'yes' }, /recording/],
  ])('names the problem for %s', (_name, value, problem) => {
    expect(() => parsePortalConfig(value)).toThrow(problem);
  });
});
