import { render } from '@testing-library/react';
import { createElement } from 'react';
import { createBrowserPortalRouter } from '../app/portalRouter';
import { createBrowserService } from './browser';

// The browser service against jsdom's own window: in-app moves change the address and the history
// through the router, leaving and reloading go to window.location (jsdom cannot load another
// document and logs that it was asked to, which is how a test sees the request).

function openAt(path: string) {
  window.history.replaceState(null, '', path);
  const router = createBrowserPortalRouter();
  // The router moves the address through React Router, so it is on screen as in the portal.
  render(createElement(router.Router, null, null));
  const browser = createBrowserService((to) => router.navigate(to));
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
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(window.location.pathname).toBe('/licenses');
  expect(window.history.length).toBe(entries + 1);
  expect(router.state.location.pathname).toBe('/licenses');
  expect(navigations()).toEqual([]);
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
