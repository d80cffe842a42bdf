// Home screen journeys of docs/behaviour.md 4 and docs/behaviour.md 5 that end before sign-in, the guards of docs/behaviour.md 2, and /support.
import { API_PATHS } from '../../src/contract/api';
import { emailInput, enterEmail, nextButton } from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { SANDBOX_PAGES } from './support/sandbox';

const { journey } = describePortal();

journey('invalid e-mail addresses keep Next disabled', async ({ page }) => {
  await page.goto('/');
  await expectAccessible(page, 'home');
  expect(await nextButton(page).isDisabled()).toBe(true);
  const invalid = [
    'admin',
    'admin@acme',
    'admin@acme.e',
    'ad min@acme.example',
    'admin@acme,example',
    'admin,x@acme.example',
    `${'a'.repeat(65)}@acme.example`,
    `admin@${'a'.repeat(250)}.example`,
  ];
  for (const email of invalid) {
    await emailInput(page).fill(email);
    expect({ email, disabled: await nextButton(page).isDisabled() }).toEqual({
      email,
      disabled: true,
    });
  }
  await expectAccessible(page, 'home with an invalid address');
  await emailInput(page).fill('admin@acme.example');
  expect(await nextButton(page).isDisabled()).toBe(false);
});

journey(
  'a consumer domain leaves for the contact page without any server call',
  async ({ page, requestsTo }) => {
    await page.goto('/');
    await enterEmail(page, 'someone@gmail.com');
    await page.waitForURL(`**${SANDBOX_PAGES.contact.path}`);
    await page.getByRole('heading', { name: SANDBOX_PAGES.contact.heading }).waitFor();
    expect(requestsTo(API_PATHS.emailValidator)).toHaveLength(0);
    expect(requestsTo('/api/')).toHaveLength(0);
  },
);

journey(
  'a domain the validator says is not Google leaves for the contact page',
  async ({ page, requestsTo }) => {
    await page.goto('/');
    await enterEmail(page, 'someone@not-google.example');
    await page.waitForURL(`**${SANDBOX_PAGES.contact.path}`);
    expect(requestsTo(API_PATHS.emailValidator).map((request) => request.url())).toEqual([
      expect.stringContaining('email=someone%40not-google.example'),
    ]);
  },
);

journey('a Google account shows the sign-in prompt and saves the e-mail', async ({ page }) => {
  await page.goto('/');
  await enterEmail(page, 'admin@acme.example');
  await page.getByText('To continue, sign in with google:').waitFor();
  await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBe('admin@acme.example');
  await expectAccessible(page, 'home with the sign-in prompt');
});

journey('Enter in the e-mail field submits, like Next', async ({ page }) => {
  await page.goto('/');
  await emailInput(page).fill('admin@acme.example');
  await emailInput(page).press('Enter');
  await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
});

journey('/licenses without a user goes home', async ({ page }) => {
  await page.goto('/licenses');
  await page.waitForURL((url) => url.pathname === '/');
  await emailInput(page).waitFor();
});

journey('/forbidden without a stored error goes home', async ({ page }) => {
  await page.goto('/forbidden');
  await page.waitForURL((url) => url.pathname === '/');
  await emailInput(page).waitFor();
});

journey('/support shows the support site in a full-size frame', async ({ page }) => {
  await page.goto('/support');
  const frame = page.frameLocator('iframe[title="Support site"]');
  await frame.getByRole('heading', { name: SANDBOX_PAGES.supportSite.heading }).waitFor();
  const size = await page.locator('iframe[title="Support site"]').boundingBox();
  const viewport = page.viewportSize();
  expect(size).not.toBeNull();
  expect(viewport).not.toBeNull();
  expect({ width: size?.width, height: size?.height }).toEqual({
    width: viewport?.width,
    height: viewport?.height,
  });
  await expectAccessible(page, 'support');
});
