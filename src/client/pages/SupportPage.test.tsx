import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import { App } from '../app/App';
import { createMemoryPortalRouter } from '../app/routes';
import { makeStore } from '../app/store';
import { createFakeServices } from '../../testing/client/fakeServices';

// The support frame (docs/security.md, The support frame): the reseller's site runs sandboxed, can
// never navigate the portal away, and gets no origin of its own when it is on the portal's.

async function supportFrame(supportSiteUrl: string): Promise<HTMLElement> {
  const { services } = createFakeServices();
  const router = createMemoryPortalRouter('/support');
  const store = makeStore({ context: services });
  render(
    <StyleProvider mock="server">
      <App store={store} router={router} config={{ ...services.config, supportSiteUrl }} />
    </StyleProvider>,
  );
  const frame = await screen.findByTitle('Support site');
  router.dispose();
  return frame;
}

function allowed(frame: HTMLElement): string[] {
  return (frame.getAttribute('sandbox') ?? '').split(' ').sort();
}

it('frames a site on another origin with only what a support site needs, and no referrer', async () => {
  const frame = await supportFrame('https://support.reseller.example/portal');
  expect(frame).toHaveAttribute('src', 'https://support.reseller.example/portal');
  expect(allowed(frame)).toEqual([
    'allow-downloads',
    'allow-forms',
    'allow-popups',
    'allow-popups-to-escape-sandbox',
    'allow-same-origin',
    'allow-scripts',
  ]);
  expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
});

it.each(['/sandbox/support-site', `${window.location.origin}/help`])(
  "gives a site on the portal's own origin (%s) no origin, so it cannot read the stored token",
  async (url) => {
    const frame = await supportFrame(url);
    expect(allowed(frame)).not.toContain('allow-same-origin');
    expect(allowed(frame)).not.toContain('allow-top-navigation');
    expect(allowed(frame)).toContain('allow-scripts');
  },
);
