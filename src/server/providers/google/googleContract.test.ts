import { describeProviderContract } from '../../../testing/providerContract';
import { fakeGoogleProviderOptions, startFakeGoogle } from '../../../testing/fakeGoogle';
import { FAKE_STAFF_GROUPS } from '../../../testing/fakeGoogle/dataset';
import { createGoogleProvider } from './googleProvider';

// The shared provider contract against the Google provider, with Google replaced by the local fake:
// real token exchange (the service account's signed JWT), real HTTP, Google's shapes and paging.
// Google keeps the data, not the process, so there is no restart to test here.
describeProviderContract(
  'google',
  async (settings = {}) => {
    const fake = await startFakeGoogle();
    const provider = createGoogleProvider({
      ...fakeGoogleProviderOptions(fake),
      ...settings,
      // The dataset's .example domains have no DNS; the fake's own MX table answers instead.
      resolveMx: async (domain) =>
        (fake.state.mx.get(domain) ?? []).map((exchange, index) => ({
          exchange,
          priority: index * 10,
        })),
    });
    return {
      provider,
      signIn: async (email, scopes) => fake.issueToken(email, scopes),
      advanceClock: (ms) => fake.advanceClock(ms),
      replaceAccount: async (email) => fake.replaceUser(email),
      staffGroups: FAKE_STAFF_GROUPS,
      close: async () => {
        await provider.close();
        await fake.close();
      },
    };
  },
  { restartable: false },
);
