import { portalForTests } from '../../testing/server/portalHarness';

// GET /sandbox/mail (docs/notifications.md, E-mail): the sandbox's mailbox, open without a session
// like its other pages, newest first, each mail's HTML shown in a frame that runs nothing.

const portal = portalForTests();

const mail = (subject: string, html: string) => ({
  from: 'Sandbox Reseller <portal@sandbox.example>',
  to: 'admin@acme.example',
  subject,
  text: subject,
  html,
  sentAt: '2030-01-15T09:00:00.000Z',
});

it('lists the kept mail newest first, without a session', async () => {
  const empty = await portal.browser().get('/sandbox/mail');
  expect(empty.status).toBe(200);
  expect(empty.text).toContain('No mail yet');
  portal.sandbox.mailbox.keep(mail('Receipt: licences for acme.example now 21', '<p>21</p>'));
  portal.sandbox.mailbox.keep(mail('Receipt: licences for acme.example now 22', '<p>22</p>'));
  const page = await portal.browser().get('/sandbox/mail');
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  const newer = page.text.indexOf('now 22');
  const older = page.text.indexOf('now 21');
  expect(newer).toBeGreaterThan(-1);
  expect(older).toBeGreaterThan(newer);
  expect(page.text).toContain('<dd>Sandbox Reseller &lt;portal@sandbox.example&gt;</dd>');
  expect(page.text).toContain('<dd>admin@acme.example</dd>');
});

it('shows hostile mail as text and its HTML only inside a sandboxed frame', async () => {
  portal.sandbox.mailbox.keep(
    mail('<img src=x onerror=alert(1)>', '<script>alert(1)</script><p onclick="x()">hi</p>'),
  );
  const page = await portal.browser().get('/sandbox/mail');
  expect(page.text).not.toContain('<img src=x');
  expect(page.text).not.toContain('<script>alert');
  expect(page.text).toContain('<h2>&lt;img src=x onerror=alert(1)&gt;</h2>');
  expect(page.text).toContain(
    '<iframe sandbox title="&lt;img src=x onerror=alert(1)&gt;" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;&lt;p onclick=&quot;x()&quot;&gt;hi&lt;/p&gt;"></iframe>',
  );
});
