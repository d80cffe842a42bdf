import { act, screen } from '@testing-library/react';
import { emailConfirmed } from '../features/session/sessionSlice';
import { subscriptionRequested } from '../events/portalEvents';
import { ok } from '../../testing/client/fakeServices';
import { renderWithProviders } from '../../testing/client/renderWithProviders';
import { shownStyle } from '../../testing/client/shownStyle';
import { ACCENT_COLOUR, WARN_COLOUR } from '../app/theme';

// antd screens are slow to mount under jsdom, more so when every suite runs at once.
jest.setTimeout(20_000);

const emailBox = () => screen.getByRole('textbox', { name: 'Email address' });
const nextButton = () => screen.getByRole('button', { name: 'Next' });

describe('HomePage', () => {
  it('enables Next only for a valid e-mail', async () => {
    const { user } = renderWithProviders();
    expect(nextButton()).toBeDisabled();
    await user.type(emailBox(), 'admin@acme.example');
    expect(nextButton()).toBeEnabled();
  });

  it.each([
    ['no top-level part of 2', 'admin@acme.e'],
    ['no dotted domain', 'admin@acme'],
    ['a space', 'ad min@acme.example'],
    ['a comma', 'admin,x@acme.example'],
    ['no @', 'admin.acme.example'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@acme.example`],
    ['a zero-width space', 'admin\u200b@acme.example'],
    ['a right-to-left override', 'admin\u202e@acme.example'],
    ['markup', '<b>admin</b>@acme.example'],
    [
      'more than 254 characters',
      `admin@${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(60)}.example`,
    ],
  ])('keeps Next disabled for %s', async (_rule, email) => {
    const { user } = renderWithProviders();
    await user.click(emailBox());
    await user.paste(email);
    expect(emailBox()).toHaveValue(email);
    expect(nextButton()).toBeDisabled();
  });

  it('accepts a local part of exactly 64 characters', async () => {
    const { user } = renderWithProviders();
    await user.click(emailBox());
    await user.paste(`${'a'.repeat(64)}@acme.example`);
    expect(nextButton()).toBeEnabled();
  });

  it('submits with Enter and shows "Validating email" with a spinner', async () => {
    const { user, store } = renderWithProviders({
      services: { http: { 'GET /api/email-validator': () => new Promise(() => undefined) } },
    });
    await user.type(emailBox(), 'admin@acme.example{Enter}');
    expect(store.getState().session.emailCheck).toBe('validating');
    expect(screen.getByText('Validating email')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Validating email' })).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
  });

  it('does not submit an invalid e-mail with Enter', async () => {
    const { user, store, fake } = renderWithProviders();
    await user.type(emailBox(), 'admin@acme{Enter}');
    expect(store.getState().session.emailCheck).toBe('idle');
    expect(fake.calls.http).toHaveLength(0);
  });

  it('shows the sign-in prompt once the validator confirms a Google account', async () => {
    const { user } = renderWithProviders({
      services: { http: { 'GET /api/email-validator': ok({ isGoogleAccount: true }) } },
    });
    await user.type(emailBox(), 'admin@acme.example');
    await user.click(nextButton());
    expect(await screen.findByText('To continue, sign in with google:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('signs in with the confirmed e-mail as the hint', async () => {
    const { user, fake } = renderWithProviders({
      state: { session: { email: 'admin@acme.example', emailCheck: 'confirmed' } },
      services: { http: { 'GET /api/subscription-info': () => new Promise(() => undefined) } },
    });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(fake.calls.identity[0]?.hint).toBe('admin@acme.example');
  });

  it('hides the sign-in prompt again when the e-mail is edited after confirmation', async () => {
    const { user, store } = renderWithProviders({
      state: { session: { email: 'admin@acme.example', emailCheck: 'confirmed' } },
    });
    expect(emailBox()).toHaveValue('admin@acme.example');
    await user.type(emailBox(), 'x');
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(store.getState().session.emailCheck).toBe('idle');
  });

  it('shows a spinner instead of the sign-in button while the subscription loads', () => {
    const { store } = renderWithProviders({
      services: { http: { 'GET /api/subscription-info': () => new Promise(() => undefined) } },
    });
    act(() => {
      store.dispatch(emailConfirmed({ email: 'admin@acme.example' }));
      store.dispatch(subscriptionRequested({ token: 't', email: 'admin@acme.example' }));
    });
    expect(screen.getByRole('status', { name: 'Loading your subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  // docs/behaviour.md 2.1: what the person sees is the button's colour, once a valid address enables it.
  it.each([
    ['the accent', 'the licenses destination', 'licenses', ACCENT_COLOUR],
    ['the warn colour', 'the support destination', 'support', WARN_COLOUR],
    ['the warn colour', 'any other destination', 'billing', WARN_COLOUR],
  ])('shows Next in %s for %s', async (_colour, _destination, destination, colour) => {
    const { user } = renderWithProviders({
      state: { session: { destination } },
      injectStyles: true,
    });
    const next = nextButton();
    await user.type(emailBox(), 'admin@acme.example');
    expect(next).toBeEnabled();
    expect(shownStyle(next, 'background-color')).toBe(colour.toLowerCase());
    expect(shownStyle(next, 'color')).toBe('#fff');
  });
});
