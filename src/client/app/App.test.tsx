import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import { createFakeServices } from '../../testing/client/fakeServices';
import { App } from './App';
import type { PortalRouter } from './portalRouter';
import { createMemoryPortalRouter } from './routes';
import { makeStore } from './store';

// The screens follow the router, including a move made while the first render was still being drawn:
// a stored session's subscription can move the router meanwhile.

/** Rendered after the portal in the same pass: moves the router before anything has committed. */
function MoveDuringFirstRender({ router, to }: { router: PortalRouter; to: string }) {
  if (router.state.location.pathname !== to) void router.navigate(to);
  return null;
}

it('shows a move made before the first render committed', async () => {
  const { services } = createFakeServices();
  const router = createMemoryPortalRouter('/');
  const store = makeStore({ context: services });
  render(
    <StyleProvider mock="server">
      <App store={store} router={router} config={services.config} />
      <MoveDuringFirstRender router={router} to="/support" />
    </StyleProvider>,
  );
  expect(await screen.findByTitle('Support site')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/support');
  router.dispose();
});
