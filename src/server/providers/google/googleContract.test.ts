import { describeProviderContract } from '../providerContract';
import {
  FAKE_CLIENT_ID,
  FAKE_GROUP_TEMPLATE,
  FAKE_RESELLER_TOKEN,
  startFakeGoogle,
} from './fakeGoogle.testing';
import { createGoogleProvider } from './googleProvider';

// The shared provider contract against the Google provider, with Google replaced by a local fake.
// Google keeps the data, not the process, so there is no restart to test here.
describeProviderContract(
  'google',
  async () => {
    const fake = await startFakeGoogle();
    const provider = createGoogleProvider({
      clientId: FAKE_CLIENT_ID,
      resellerName: 'Example Reseller',
      resellerAdminEmail: 'admin@reseller.example',
      serviceAccountKey: {
        client_email: 'unused@example.iam.gserviceaccount.com',
        private_key: '',
      },
      delegateGroupTemplate: FAKE_GROUP_TEMPLATE,
      apiRootUrl: fake.rootUrl,
      tokenInfoUrl: fake.tokenInfoUrl,
      retry: false,
      delegatedAccessToken: async () => FAKE_RESELLER_TOKEN,
      // The dataset's .example domains have no DNS; the reseller's records answer instead.
      resolveMx: async (domain) =>
        domain === 'stranger.example' ? [{ exchange: 'aspmx.l.google.com', priority: 1 }] : [],
    });
    return {
      provider,
      signIn: async (email, scopes) => fake.issueToken(email, scopes),
      advanceClock: (ms) => fake.advanceClock(ms),
      close: async () => {
        await provider.close();
        await fake.close();
      },
    };
  },
  { restartable: false },
);
