import { portalForTests } from '../../testing/server/portalHarness';

// GET /sandbox/mail (docs/notifications.md, E-mail): the sandbox's mailbox, open without a session
// like its other pages: a list newest first, and each mail on a page of its own with its headers and
// its HTML in a frame sized to it, served alone under a policy that runs nothing.

const portal = portalForTests();

const mail = (subject: string, html: string) => ({
  from: 'Sandbox Reseller <portal@sandbox.example>',
  to: 'admin@acme.example',
  subject,
  text: `${subject}\n\nCustomer: acme.example`,
  html,
  sentAt: '2030-01-15T09:00:00.000Z',
});

/** The mail page's address the list links the subject to. */
function linkOf(list: string, subject: string): string {
  const match = new RegExp(`<a href="(/sandbox/mail/\\d+)">${subject}</a>`).exec(list);
  if (match?.[1] === undefined) throw new Error(`no link to ${subject}`);
  return match[1];
}

it('lists the kept mail newest first, each subject linking to its page, without a session', async () => {
  const empty = await portal.browser().get('/sandbox/mail');
  expect(empty.status).toBe(200);
  expect(empty.text).toContain('No mail yet');
  portal.sandbox.mailbox.keep(mail('Order confirmation: now 21', '<p>21</p>'));
  portal.sandbox.mailbox.keep(mail('Order confirmation: now 22', '<p>22</p>'));
  const page = await portal.browser().get('/sandbox/mail');
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  const newer = page.text.indexOf('now 22');
  const older = page.text.indexOf('now 21');
  expect(newer).toBeGreaterThan(-1);
  expect(older).toBeGreaterThan(newer);
  expect(page.text).toContain('<td>Sandbox Reseller &lt;portal@sandbox.example&gt;</td>');
  expect(page.text).toContain('<td>admin@acme.example</td>');
  expect(page.text).toContain('2030-01-15 09:00:00 UTC');
  expect(page.text).not.toContain('<iframe');
  expect(linkOf(page.text, 'Order confirmation: now 22')).not.toBe(
    linkOf(page.text, 'Order confirmation: now 21'),
  );
});

it('shows one mail with its headers, its HTML framed from its own address and its plain text', async () => {
  portal.sandbox.mailbox.keep(mail('Order confirmation: now 21', '<p>21 licenses</p>'));
  const list = await portal.browser().get('/sandbox/mail');
  const address = linkOf(list.text, 'Order confirmation: now 21');
  const page = await portal.browser().get(address);
  expect(page.status).toBe(200);
  expect(page.text).toContain('<h1>Order confirmation: now 21</h1>');
  for (const [name, value] of [
    ['From', 'Sandbox Reseller &lt;portal@sandbox.example&gt;'],
    ['To', 'admin@acme.example'],
    ['Subject', 'Order confirmation: now 21'],
  ]) {
    expect(page.text).toContain(`<dt>${name}</dt><dd>${value}</dd>`);
  }
  expect(page.text).toContain(
    '<dt>Date</dt><dd><time datetime="2030-01-15T09:00:00.000Z">2030-01-15 09:00:00 UTC</time></dd>',
  );
  expect(page.text).toContain(
    `<iframe class="mail-body" sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox" title="Order confirmation: now 21" src="${address}/body"></iframe>`,
  );
  expect(page.text).toContain('<script src="/sandbox/assets/mailbox.js" defer></script>');
  expect(page.text).toContain('<pre>Order confirmation: now 21\n\nCustomer: acme.example</pre>');
  // The page's own policy: its script is a file of this origin, nothing inline.
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

  const body = await portal.browser().get(`${address}/body`);
  expect(body.status).toBe(200);
  expect(body.text).toBe('<p>21 licenses</p>');
  expect(body.headers.get('x-frame-options')).toBe('SAMEORIGIN');

  const script = await portal.browser().get('/sandbox/assets/mailbox.js');
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(script.text).toContain('scrollHeight');
});

it('serves hostile mail as text in the pages and its HTML only alone, under a policy that runs nothing', async () => {
  portal.sandbox.mailbox.keep(
    mail('<img src=x onerror=alert(1)>', '<script>alert(1)</script><p onclick="x()">hi</p>'),
  );
  const list = await portal.browser().get('/sandbox/mail');
  expect(list.text).not.toContain('<img src=x');
  const address = /<a href="(\/sandbox\/mail\/\d+)">&lt;img src=x onerror=alert\(1\)&gt;<\/a>/.exec(
    list.text,
  )?.[1];
  expect(address).toBeDefined();
  const page = await portal.browser().get(address ?? '');
  expect(page.text).not.toContain('<img src=x');
  expect(page.text).not.toContain('<script>alert');
  expect(page.text).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');

  const body = await portal.browser().get(`${address ?? ''}/body`);
  const policy = body.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(policy).toMatch(/sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox$/);
  expect(policy).not.toContain('allow-scripts');
  expect(policy).not.toContain('script-src');
});

it('answers a readable 404 for a mail it does not have', async () => {
  const page = await portal.browser().get('/sandbox/mail/999999');
  expect(page.status).toBe(404);
  expect(page.text).toContain('No such mail');
  expect((await portal.browser().get('/sandbox/mail/999999/body')).status).toBe(404);
  expect((await portal.browser().get('/sandbox/mail/x1')).status).toBe(400);
});
