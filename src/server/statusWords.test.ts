import { envelope } from './plugins/errorHandler';
import { googleError, REASONS, type GoogleReason } from '../testing/fakeGoogle/googleErrors';

// The portal's envelope shares Google's status words (docs/api.md, Error envelope), so both come from one map.

describe('status words', () => {
  it.each(Object.keys(REASONS) as GoogleReason[])(
    "the portal's envelope words the code of Google's %s as Google does",
    (reason) => {
      const google = googleError(reason).body as { error: { code: number; status: string } };
      expect(envelope(google.error.code, 'refused').error.status).toBe(google.error.status);
    },
  );

  it("keeps the portal's own words for the codes Google does not answer with", () => {
    expect(envelope(413, 'too large').error.status).toBe('PAYLOAD_TOO_LARGE');
    expect(envelope(502, 'bad gateway').error.status).toBe('BAD_GATEWAY');
  });
});
