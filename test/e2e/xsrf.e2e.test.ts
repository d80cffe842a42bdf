// XSRF in the browser (docs/api.md, docs/security.md): every POST carries X-XSRF-TOKEN equal to the cookie,
// and the server refuses a POST from the same page without it.
import { API_PATHS, XSRF_COOKIE, XSRF_HEADER } from '../../src/contract/api';
import { addLicences, openDelegateDialog, signInToDashboard } from './support/pageActions';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

journey(
  'every POST carries the XSRF header equal to the cookie; one without it is refused',
  async ({ page, context, requests }) => {
    await signInToDashboard(page, ACME.admin);

    const dialog = await openDelegateDialog(
      page,
      'License Management Access',
      'Delegate Licenses Access',
    );
    await dialog.getByLabel('Enter Email Address').fill('ann@acme.example');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete ann@acme.example' }).click();
    await dialog.getByRole('button', { name: 'Delete ann@acme.example' }).waitFor({
      state: 'detached',
    });
    await dialog.getByRole('button', { name: 'CLOSE' }).click();
    await addLicences(page, 1);
    await page.getByRole('dialog', { name: 'Licenses Added Succesfully!' }).waitFor();

    const cookie = (await context.cookies()).find((each) => each.name === XSRF_COOKIE);
    expect(cookie?.value).toEqual(expect.stringMatching(/.{16,}/));
    // The portal's own POSTs (the sandbox popup's token request is the identity provider's).
    const posts = requests.filter(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/'),
    );
    expect(posts.map((request) => new URL(request.url()).pathname)).toEqual([
      API_PATHS.licenceDelegate,
      API_PATHS.licenceDelegate,
      API_PATHS.addLicence,
    ]);
    for (const post of posts) {
      const header = await post.headerValue(XSRF_HEADER);
      expect({ path: post.url(), header }).toEqual({
        path: post.url(),
        header: decodeURIComponent(cookie?.value ?? ''),
      });
      expect((await post.response())?.status()).toBe(200);
    }

    const statuses = await page.evaluate(
      async ({ path, header, cookieName, body }) => {
        const post = (headers: Record<string, string>) =>
          fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...headers },
            body: JSON.stringify(body),
          }).then((response) => response.status);
        const xsrf = document.cookie
          .split('; ')
          .find((part) => part.startsWith(`${cookieName}=`))
          ?.slice(cookieName.length + 1);
        return {
          without: await post({}),
          wrong: await post({ [header]: 'not-the-cookie' }),
          right: await post({ [header]: decodeURIComponent(xsrf ?? '') }),
        };
      },
      {
        path: API_PATHS.licenceDelegate,
        header: XSRF_HEADER,
        cookieName: XSRF_COOKIE,
        body: { email: 'bob@acme.example', customerId: ACME.customerId, action: 'add' },
      },
    );
    expect(statuses).toEqual({ without: 403, wrong: 403, right: 200 });
  },
  { freshDataset: true },
);
