import { waitFor } from '@testing-library/react';
import { createBrowserPortalRouter } from '../app/routes';
import { createBrowserService } from './browser';

// The browser service against jsdom's own window: in-app moves change the address and the history
// through the router, leaving and reloading go to window.location (jsdom cannot load another
// document and logs that it was asked to, which is how a test sees the request).

function openAt(path: string) {
  window.history.replaceState(null, '', path);
  const router = createBrowserPortalRouter();
  const browser = createBrowserService(router);
  return { router, browser };
}

function documentNavigations(): () => string[] {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return () =>
    spy.mock.calls
      .map(([first]) => (first instanceof Error ? first.message : String(first)))
      .filter((message) => message.includes('navigation'));
}

afterEach(() => {
  jest.restoreAllMocks();
});

it('moves in the app through the router: a new address and a new history entry, no page load', async () => {
  const navigations = documentNavigations();
  const { router, browser } = openAt('/');
  const entries = window.history.length;
  browser.navigate('/licenses');
  await waitFor(() => expect(window.location.pathname).toBe('/licenses'));
  expect(window.history.length).toBe(entries + 1);
  expect(router.state.location.pathname).toBe('/licenses');
  expect(navigations()).toEqual([]);
  router.dispose();
});

it("adds no history entry for the page already shown, as the browser's own links do", async () => {
  const { router, browser } = openAt('/licenses');
  await waitFor(() => expect(router.state.initialized).toBe(true));
  const entries = window.history.length;
  browser.navigate('/licenses');
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  expect(window.history.length).toBe(entries);
  browser.navigate('/support');
  await waitFor(() => expect(window.location.pathname).toBe('/support'));
  expect(window.history.length).toBe(entries + 1);
  router.dispose();
});

it('assigns through window.location: a fragment of the same page moves the address at once', () => {
  const { router, browser } = openAt('/licenses');
  const entries = window.history.length;
  browser.assign('/licenses#seats');
  expect(window.location.hash).toBe('#seats');
  expect(window.history.length).toBe(entries + 1);
  router.dispose();
});

it('leaves for another site through window.location, not the router', () => {
  const navigations = documentNavigations();
  const { router, browser } = openAt('/');
  browser.assign('https://contact.example/');
  expect(navigations()).toHaveLength(1);
  expect(router.state.location.pathname).toBe('/');
  router.dispose();
});

it('reloads the page through window.location', () => {
  const navigations = documentNavigations();
  const { router, browser } = openAt('/licenses');
  browser.reload();
  expect(navigations()).toHaveLength(1);
  expect(window.location.pathname).toBe('/licenses');
  router.dispose();
});
