import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { PAGE_PATHS } from '../../contract/pages';
import {
  createBrowserPortalRouter,
  createMemoryPortalRouter,
  PortalRouterContext,
  useMovedOnFrom,
} from './portalRouter';

describe('useMovedOnFrom', () => {
  it('turns true as the router leaves the path, and false again when it comes back', () => {
    const router = createMemoryPortalRouter(`${PAGE_PATHS.home}?customer=licenses`);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PortalRouterContext.Provider value={router}>{children}</PortalRouterContext.Provider>
    );
    const { result } = renderHook(() => useMovedOnFrom(PAGE_PATHS.home), { wrapper });
    // A query is still the same page.
    expect(result.current).toBe(false);
    act(() => router.navigate(PAGE_PATHS.licences));
    expect(result.current).toBe(true);
    act(() => router.navigate(PAGE_PATHS.home));
    expect(result.current).toBe(false);
    router.dispose();
  });

  it('is false without a router, as in the pre-rendered home page', () => {
    const { result } = renderHook(() => useMovedOnFrom(PAGE_PATHS.home));
    expect(result.current).toBe(false);
  });
});

describe('createBrowserPortalRouter', () => {
  it("adds no history entry for the page already shown, as the browser's own links do", async () => {
    window.history.replaceState(null, '', PAGE_PATHS.licences);
    const router = createBrowserPortalRouter();
    const entries = window.history.length;
    // A move made before the router is on screen waits for it, as the boot saga's does on a reload.
    router.navigate(PAGE_PATHS.licences);
    render(<router.Router>{null}</router.Router>);
    await waitFor(() => expect(window.location.pathname).toBe(PAGE_PATHS.licences));
    expect(window.history.length).toBe(entries);
    act(() => router.navigate(PAGE_PATHS.licences));
    expect(window.history.length).toBe(entries);
    act(() => router.navigate(PAGE_PATHS.support));
    await waitFor(() => expect(window.location.pathname).toBe(PAGE_PATHS.support));
    expect(window.history.length).toBe(entries + 1);
    router.dispose();
  });
});
