import { act, screen } from '@testing-library/react';
import { ERROR_TEXT } from '../../contract/errors';
import { TYPING_MS_PER_CHARACTER } from '../../contract/limits';
import { fakeConfig } from '../../testing/client/fakeServices';
import type { StoredError } from '../events/portalEvents';
import { matchMediaMatching } from '../../testing/client/matchMedia';
import { renderWithProviders } from '../../testing/client/renderWithProviders';

function renderForbidden(stored: StoredError) {
  return renderWithProviders({
    route: '/forbidden',
    state: { errors: { isForbidden: true, stored } },
  });
}

/** The element the details are typed into. */
const typedDetails = () => screen.getByRole('definition');

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = matchMediaMatching(reduce ? ['(prefers-reduced-motion: reduce)'] : []);
}

describe('ForbiddenPage', () => {
  const originalMatchMedia = window.matchMedia;

  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
    window.matchMedia = originalMatchMedia;
  });

  it("shows how to reach the reseller when the reseller turned the customer's portal off", async () => {
    renderForbidden({
      message: 'Forbidden',
      details: ERROR_TEXT.portalTurnedOff('Sandbox Reseller'),
    });
    expect(await screen.findByRole('link', { name: 'contact page' })).toHaveAttribute(
      'href',
      fakeConfig.contactUrl,
    );
    expect(screen.getByRole('link', { name: 'help desk' })).toHaveAttribute(
      'href',
      fakeConfig.helpdeskUrl,
    );
  });

  it('offers no contact links for any other refusal', async () => {
    renderForbidden({ message: 'Forbidden', details: 'Domain suspended' });
    await screen.findByRole('heading', { level: 1, name: '403' });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows 403, the description and types the details at 10 ms per character', async () => {
    const details = 'Domain suspended';
    renderForbidden({ message: 'Forbidden', details });
    expect(await screen.findByRole('heading', { level: 1, name: '403' })).toBeInTheDocument();
    expect(
      screen.getByText('ERROR DESCRIPTION: 403 - Forbidden! Access Denied.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('term')).toHaveTextContent('ERROR CAUSED BY');

    expect(typedDetails().textContent).toBe('');
    act(() => {
      jest.advanceTimersByTime(TYPING_MS_PER_CHARACTER * 6);
    });
    expect(typedDetails().textContent).toBe('Domain');
    act(() => {
      jest.advanceTimersByTime(TYPING_MS_PER_CHARACTER * details.length);
    });
    expect(typedDetails().textContent).toBe(details);
    expect(typedDetails().firstElementChild).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the details at once under prefers-reduced-motion', async () => {
    preferReducedMotion(true);
    renderForbidden({ message: 'Forbidden', details: 'Domain suspended' });
    await screen.findByText('ERROR CAUSED BY');
    expect(typedDetails().textContent).toBe('Domain suspended');
  });

  it("shows 'Unknown error' when the stored error has no details", async () => {
    preferReducedMotion(true);
    renderForbidden({ message: 'Forbidden', details: '' });
    await screen.findByText('ERROR CAUSED BY');
    expect(typedDetails().textContent).toBe('Unknown error');
  });

  it('renders harmless markup in the details as HTML, keeping it while typing', async () => {
    renderForbidden({ message: 'Forbidden', details: 'Domain <b>acme.example</b> suspended' });
    await screen.findByText('ERROR CAUSED BY');
    act(() => {
      jest.advanceTimersByTime(TYPING_MS_PER_CHARACTER * 'Domain acme'.length);
    });
    expect(typedDetails().querySelector('b')?.textContent).toBe('acme');
    act(() => {
      jest.advanceTimersByTime(TYPING_MS_PER_CHARACTER * 100);
    });
    expect(typedDetails().querySelector('b')?.textContent).toBe('acme.example');
    expect(typedDetails().textContent).toBe('Domain acme.example suspended');
  });

  it('sanitises the details: no script, event handler, javascript: URL or SVG survives', async () => {
    preferReducedMotion(true);
    renderForbidden({
      message: 'Forbidden',
      details:
        'Denied<script>window.hacked = true</script><img src=x onerror="window.hacked = true">' +
        '<a href="javascript:alert(1)">link</a><svg onload="window.hacked = true"><circle r="1"/></svg>',
    });
    await screen.findByText('ERROR CAUSED BY');
    const shown = typedDetails();
    expect(shown.textContent).toBe('Deniedlink');
    expect(shown.querySelector('script, img, svg')).toBeNull();
    expect(shown.querySelector('a')?.getAttribute('href')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("shows 'Unknown error' when nothing readable survives sanitising", async () => {
    preferReducedMotion(true);
    renderForbidden({ message: 'Forbidden', details: '<script>alert(1)</script>' });
    await screen.findByText('ERROR CAUSED BY');
    expect(typedDetails().textContent).toBe('Unknown error');
  });
});
