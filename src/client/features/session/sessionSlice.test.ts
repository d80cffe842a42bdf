import {
  appStarted,
  confirmedEmailEdited,
  emailCheckStopped,
  emailConfirmed,
  emailSubmitted,
  initialSessionState,
  sessionReducer,
  signInEnded,
  signInRequested,
  signOutRequested,
} from './sessionSlice';

describe('session reducer', () => {
  it('starts with the licenses destination and no e-mail', () => {
    expect(sessionReducer(undefined, { type: '@@test/init' })).toEqual({
      destination: 'licenses',
      email: '',
      emailCheck: 'idle',
      signingIn: false,
      signingOut: false,
    });
  });

  it('takes the destination from the customer query, licenses when empty (docs/behaviour.md 2, docs/behaviour.md 9)', () => {
    expect(
      sessionReducer(initialSessionState, appStarted({ destination: 'support' })).destination,
    ).toBe('support');
    expect(sessionReducer(initialSessionState, appStarted({ destination: '' })).destination).toBe(
      'licenses',
    );
  });

  it('walks the e-mail check: validating, confirmed, or back to idle', () => {
    const validating = sessionReducer(
      initialSessionState,
      emailSubmitted({ email: 'a@acme.example' }),
    );
    expect(validating).toMatchObject({ email: 'a@acme.example', emailCheck: 'validating' });
    expect(sessionReducer(validating, emailConfirmed({ email: 'a@acme.example' })).emailCheck).toBe(
      'confirmed',
    );
    expect(sessionReducer(validating, emailCheckStopped()).emailCheck).toBe('idle');
  });

  it('un-confirms an edited confirmed address', () => {
    const confirmed = sessionReducer(
      initialSessionState,
      emailConfirmed({ email: 'a@acme.example' }),
    );
    expect(sessionReducer(confirmed, confirmedEmailEdited())).toMatchObject({
      email: 'a@acme.example',
      emailCheck: 'idle',
    });
  });

  it('marks sign-in in progress and ended', () => {
    const signingIn = sessionReducer(initialSessionState, signInRequested());
    expect(signingIn.signingIn).toBe(true);
    expect(sessionReducer(signingIn, signInEnded()).signingIn).toBe(false);
  });

  it('marks sign-out in progress', () => {
    expect(sessionReducer(initialSessionState, signOutRequested()).signingOut).toBe(true);
  });
});
