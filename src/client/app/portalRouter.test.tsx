import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { PAGE_PATHS } from '../../contract/pages';
import { PortalRouterContext, useMovedOnFrom } from './portalRouter';
import { createMemoryPortalRouter } from './routes';

describe('useMovedOnFrom', () => {
  it('turns true as the router leaves the path, and false again when it comes back', async () => {
    const router = createMemoryPortalRouter(`${PAGE_PATHS.home}?customer=licenses`);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PortalRouterContext.Provider value={router}>{children}</PortalRouterContext.Provider>
    );
    const { result } = renderHook(() => useMovedOnFrom(PAGE_PATHS.home), { wrapper });
    // A query is still the same page.
    expect(result.current).toBe(false);
    // True from the start of the move, while the next screen's code is still on its way.
    let moved: Promise<void> = Promise.resolve();
    act(() => {
      moved = router.navigate(PAGE_PATHS.licences);
    });
    expect(result.current).toBe(true);
    await act(() => moved);
    expect(result.current).toBe(true);
    await act(() => router.navigate(PAGE_PATHS.home));
    expect(result.current).toBe(false);
    router.dispose();
  });

  it('is false without a router, as in the pre-rendered home page', () => {
    const { result } = renderHook(() => useMovedOnFrom(PAGE_PATHS.home));
    expect(result.current).toBe(false);
  });
});
