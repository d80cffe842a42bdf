import { createMemoryPortalRouter } from '../app/routes';
import type { PortalConfig } from '../../contract/config';
import { fakeConfig } from '../../testing/client/fakeServices';
import { createServices } from './createServices';

// The browser's services follow the runtime configuration: the http service echoes the XSRF cookie
// the page names (docs/api.md, Conventions), never a plainly named one a sibling subdomain planted.

const config: PortalConfig = { ...fakeConfig, xsrfCookie: '__Host-XSRF-TOKEN' };

const pageFetch = window.fetch;
afterEach(() => {
  window.fetch = pageFetch;
  jest.restoreAllMocks();
});

it("echoes the page's XSRF cookie in X-XSRF-TOKEN", async () => {
  // jsdom keeps no __Host- cookie on http://localhost, so the browser's cookie text is given here.
  jest
    .spyOn(document, 'cookie', 'get')
    .mockReturnValue('XSRF-TOKEN=planted; __Host-XSRF-TOKEN=genuine');
  const fetch = jest.fn(async () => ({ status: 204, text: async () => '' }));
  window.fetch = fetch as unknown as typeof window.fetch;
  const services = createServices(config, createMemoryPortalRouter('/'));
  await services.http.post('/api/sign-out', {});
  const [, init] = fetch.mock.calls[0] as unknown as [string, { headers: Record<string, string> }];
  expect(init.headers['X-XSRF-TOKEN']).toBe('genuine');
});
