import { startPage } from './startPage';
import { createFakeServices } from '../../testing/client/fakeServices';

// A page opened at the mails' history link (docs/notifications.md) remembers to show the change
// history once the dashboard shows, whatever else its query says.

function linkedAt(url: string): boolean {
  const { services } = createFakeServices();
  const store = startPage({
    config: services.config,
    services,
    location: new URL(url, 'http://localhost'),
  });
  return store.getState().history.linked === true;
}

it('is followed from the home route with open=history, beside the destination query', () => {
  expect(linkedAt('/?open=history')).toBe(true);
  expect(linkedAt('/?customer=licenses&open=history')).toBe(true);
});

it('is not followed from a plain start, another dialog name or another route', () => {
  expect(linkedAt('/')).toBe(false);
  expect(linkedAt('/?open=delegates')).toBe(false);
  expect(linkedAt('/licenses?open=history')).toBe(false);
});
