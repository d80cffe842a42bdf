import { ERROR_TEXT } from '../../../contract/errors';
import { SIGN_IN_SCOPES } from '../../../contract/limits';
import { ApiError } from '../../apiError';
import type { PortalProvider } from '../provider';
import {
  FAKE_CLIENT_ID,
  FAKE_GROUP_TEMPLATE,
  FAKE_RESELLER_TOKEN,
  startFakeGoogle,
  type FakeGoogle,
} from './fakeGoogle.testing';
import { createGoogleProvider } from './googleProvider';
import type { GoogleProviderOptions } from './options';

// How the Google provider reads Google's answers, failures included, against a local fake.

let fake: FakeGoogle;
let provider: PortalProvider;
let mxLookups: string[];

function open(overrides: Partial<GoogleProviderOptions> = {}): PortalProvider {
  return createGoogleProvider({
    clientId: FAKE_CLIENT_ID,
    resellerName: 'Example Reseller',
    resellerAdminEmail: 'admin@reseller.example',
    serviceAccountKey: { client_email: 'unused@example.iam.gserviceaccount.com', private_key: '' },
    delegateGroupTemplate: FAKE_GROUP_TEMPLATE,
    apiRootUrl: fake.rootUrl,
    tokenInfoUrl: fake.tokenInfoUrl,
    retry: false,
    delegatedAccessToken: async () => FAKE_RESELLER_TOKEN,
    resolveMx: async (domain) => {
      mxLookups.push(domain);
      if (domain === 'workspace.example') return [{ exchange: 'ASPMX.L.GOOGLE.COM', priority: 1 }];
      if (domain === 'broken-dns.example')
        throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
      return [{ exchange: 'mx.other-mail.example', priority: 10 }];
    },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(async () => {
  fake = await startFakeGoogle();
  mxLookups = [];
  provider = open();
});

afterEach(async () => {
  await provider.close();
  await fake.close();
});

describe('verifyToken', () => {
  it('refuses a valid token that was issued to another application', async () => {
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES, 'someone-else');
    await expect(provider.verifyToken(token)).resolves.toBeNull();
  });

  it("maps Google's token service failing, after its own retries, to 502", async () => {
    // google-auth-library retries token information three times before giving up.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      fake.failNext('POST', /^\/tokeninfo$/, 500, { error: 'internal_failure' });
    }
    const error = await failure(provider.verifyToken('anything'));
    expect(error).toMatchObject({ code: 502, status: 'BAD_GATEWAY' });
  });
});

describe('isGoogleAccount', () => {
  it('says yes for a domain whose mail goes to Google, without asking the Reseller API', async () => {
    await expect(provider.isGoogleAccount('someone@workspace.example')).resolves.toBe(true);
    expect(fake.calls.some((c) => c.path.startsWith('/apps/reseller'))).toBe(false);
  });

  it('says no for a domain with other mail that is not a customer', async () => {
    await expect(provider.isGoogleAccount('someone@other.example')).resolves.toBe(false);
    expect(mxLookups).toEqual(['other.example']);
  });

  it("falls back to the reseller's customers when DNS fails", async () => {
    await expect(provider.isGoogleAccount('x@broken-dns.example')).resolves.toBe(false);
    await expect(provider.isGoogleAccount('admin@acme.example')).resolves.toBe(true);
  });
});

describe('getDirectoryUser', () => {
  it('reads the person with their own token: admin flag and photo', async () => {
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES);
    await expect(provider.getDirectoryUser('admin@acme.example', token)).resolves.toEqual({
      email: 'admin@acme.example',
      isAdmin: true,
      thumbnailPhotoUrl: 'https://photos.example/admin-acme.svg',
    });
    expect(fake.calls).toContainEqual({
      method: 'GET',
      path: '/admin/directory/v1/users/admin%40acme.example',
    });
  });

  it("maps Google's 401 to the contract's exact 401 text", async () => {
    const error = await failure(provider.getDirectoryUser('admin@acme.example', 'expired'));
    expect(error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(error.message).toBe(ERROR_TEXT.unauthenticated);
  });

  it("maps Google's insufficient-scope 403 to the exact text", async () => {
    fake.failNext('GET', /^\/admin\/directory\/v1\/users\//, 403, {
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        status: 'PERMISSION_DENIED',
        details: [{ reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT' }],
      },
    });
    const error = await failure(provider.getDirectoryUser('admin@acme.example', 'any'));
    expect(error).toMatchObject({ code: 403, message: ERROR_TEXT.insufficientScopes });
  });

  it('says a person missing from the directory is not a user there (403)', async () => {
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES);
    const error = await failure(provider.getDirectoryUser('ghost@acme.example', token));
    expect(error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(error.message).toContain('ghost@acme.example');
  });
});

describe('upstream failures', () => {
  it.each([
    [503, 503, 'UNAVAILABLE'],
    [429, 503, 'UNAVAILABLE'],
    [500, 502, 'BAD_GATEWAY'],
    [400, 502, 'BAD_GATEWAY'],
  ])('Google answering %i becomes %i %s with a readable message', async (google, code, status) => {
    fake.failNext('GET', /^\/apps\/reseller\/v1\/customers\//, google, {
      error: { code: google, message: 'Backend Error' },
    });
    const error = await failure(provider.findCustomer('acme.example'));
    expect(error).toMatchObject({ code, status });
    expect(error.message).toContain("Google's Reseller API");
    expect(error.message).toContain('Backend Error');
    expect(error.message).not.toMatch(/\n\s+at /);
  });

  it('an unreachable Google becomes 502', async () => {
    await fake.close();
    const error = await failure(provider.findCustomer('acme.example'));
    expect(error).toMatchObject({ code: 502, status: 'BAD_GATEWAY' });
    expect(error.message).toMatch(/could not be reached/);
    fake = await startFakeGoogle();
  });

  it("a refused service-account sign-in becomes 502, not the user's 401", async () => {
    const broken = open({
      delegatedAccessToken: async () => {
        throw Object.assign(new Error('unauthorized_client'), {
          status: 401,
          response: { status: 401, data: { error: 'unauthorized_client' } },
        });
      },
    });
    const error = await failure(broken.listDelegates('licence', 'C0acme001'));
    expect(error).toMatchObject({ code: 502, status: 'BAD_GATEWAY' });
    expect(error.message).toContain('service-account');
  });
});

describe('changeSeats', () => {
  it('refuses with 409 when another admin changed the total, and does not call changeSeats', async () => {
    fake.setSeats('sub-acme-001', 22);
    const error = await failure(provider.changeSeats('C0acme001', 'sub-acme-001', 20, 25));
    expect(error).toMatchObject({ code: 409, status: 'ABORTED' });
    expect(error.message).toMatch(/changed from 20 to 22/);
    expect(fake.calls.some((c) => c.path.endsWith('/changeSeats'))).toBe(false);
  });

  it('passes the new total to Google and returns what Google answers', async () => {
    await expect(provider.changeSeats('C0acme001', 'sub-acme-001', 20, 21)).resolves.toMatchObject({
      numberOfSeats: 21,
      subscriptionId: 'sub-acme-001',
    });
    expect(fake.calls).toContainEqual({
      method: 'POST',
      path: '/apps/reseller/v1/customers/C0acme001/subscriptions/sub-acme-001/changeSeats',
    });
  });

  it("maps Google's 400 on changeSeats to 400 with Google's message", async () => {
    fake.failNext('POST', /\/changeSeats$/, 400, {
      error: { code: 400, message: 'Invalid seat count.' },
    });
    const error = await failure(provider.changeSeats('C0acme001', 'sub-acme-001', 20, 21));
    expect(error).toMatchObject({ code: 400, message: 'Invalid seat count.' });
  });
});

describe('delegate groups', () => {
  it('uses one group per customer and kind, from the template', async () => {
    await provider.listDelegates('support', 'C0acme001');
    expect(fake.calls).toContainEqual({
      method: 'GET',
      path: '/admin/directory/v1/groups/portal-support-c0acme001%40reseller.example/members',
    });
  });

  it('treats a group that does not exist yet as no delegates, and says so when adding', async () => {
    fake.deleteGroup('portal-licence-c0flex001@reseller.example');
    await expect(provider.listDelegates('licence', 'C0flex001')).resolves.toEqual([]);
    const error = await failure(provider.addDelegate('licence', 'C0flex001', 'a@flex.example'));
    expect(error).toMatchObject({ code: 502 });
    expect(error.message).toContain('portal-licence-c0flex001@reseller.example');
  });

  it('maps a Directory outage on add to 503', async () => {
    fake.failNext('POST', /\/members$/, 503, {
      error: { code: 503, message: 'Service unavailable' },
    });
    const error = await failure(provider.addDelegate('licence', 'C0acme001', 'a@acme.example'));
    expect(error).toMatchObject({ code: 503, status: 'UNAVAILABLE' });
  });
});
