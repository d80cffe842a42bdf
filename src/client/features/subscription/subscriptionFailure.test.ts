import { ERROR_TEXT } from '../../../contract/errors';
import { apiError, networkFailure } from '../../../testing/client/fakeServices';
import { readSubscriptionFailure, subscriptionFailureEntry } from './subscriptionFailure';

// Each entry of the docs/behaviour.md 8 subscription catalogue, on its own.
const failure = (answer: { status: number; body: unknown }) => ({ ...answer });

describe('subscription failure catalogue (docs/behaviour.md 8)', () => {
  it('sends a non-customer to the contact page (details preferred over message)', () => {
    const answer = apiError(
      403,
      'PERMISSION_DENIED',
      'Forbidden',
      'Not a customer of Sandbox Reseller',
    );
    expect(subscriptionFailureEntry(failure(answer))).toEqual({ kind: 'notACustomer' });
  });

  it('also recognises a non-customer from the message when details are absent', () => {
    const answer = apiError(403, 'PERMISSION_DENIED', 'Not a customer of Sandbox Reseller');
    expect(subscriptionFailureEntry(failure(answer))).toEqual({ kind: 'notACustomer' });
  });

  it('sends home and reloads for insufficient scopes', () => {
    const answer = apiError(403, 'PERMISSION_DENIED', ERROR_TEXT.insufficientScopes);
    expect(subscriptionFailureEntry(failure(answer))).toEqual({ kind: 'insufficientScopes' });
  });

  it('matches insufficient scopes exactly, not as a part', () => {
    const answer = apiError(403, 'PERMISSION_DENIED', `${ERROR_TEXT.insufficientScopes} More.`);
    expect(subscriptionFailureEntry(failure(answer)).kind).toBe('forbidden');
  });

  it('reloads for a message containing Expected OAuth 2 access token', () => {
    const answer = apiError(401, 'UNAUTHENTICATED', ERROR_TEXT.unauthenticated);
    expect(subscriptionFailureEntry(failure(answer))).toEqual({ kind: 'expiredToken' });
  });

  it('stores anything else as plain data for /forbidden', () => {
    const answer = apiError(
      404,
      'NOT_FOUND',
      'No Google Workspace subscription found for nosub.example.',
      '<b>nosub.example</b> has no subscription',
    );
    expect(subscriptionFailureEntry(failure(answer))).toEqual({
      kind: 'forbidden',
      error: {
        message: 'No Google Workspace subscription found for nosub.example.',
        details: '<b>nosub.example</b> has no subscription',
      },
    });
  });

  it('uses the message as the detail when details is not a string', () => {
    const body = { error: { code: 403, message: 'Access denied.', details: [{ reason: 'x' }] } };
    expect(readSubscriptionFailure({ status: 403, body })).toEqual({
      message: 'Access denied.',
      details: 'Access denied.',
    });
  });

  it.each([
    ['a network failure', networkFailure, 'could not be reached'],
    ['an HTML error page', { status: 502, body: '<html>Bad gateway</html>' }, 'HTTP status 502'],
    ['an empty body', { status: 500, body: null }, 'HTTP status 500'],
    ['an OAuth-style string error', { status: 400, body: { error: 'invalid_request' } }, '400'],
    ['a thrown Error', new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['nothing at all', undefined, 'unexpected error'],
  ])('turns %s into a readable forbidden entry', (_name, given, fragment) => {
    const entry = subscriptionFailureEntry(given);
    expect(entry.kind).toBe('forbidden');
    if (entry.kind !== 'forbidden') return;
    expect(entry.error.message).toContain(fragment);
    expect(entry.error.details).toBe(entry.error.message);
  });
});
