// A newcomer buys a licence in the sandbox and finds the receipt in the sandbox's mailbox
// (docs/notifications.md, E-mail): no SMTP_URL, nothing to set up.
import { addLicences, eventually, signInToDashboard } from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

journey(
  'the buyer of a licence finds the receipt at /sandbox/mail',
  async ({ page, portal }) => {
    await signInToDashboard(page, ACME.admin);
    const before = ACME.numberOfSeats;
    await addLicences(page, 1);
    await page.getByRole('dialog', { name: 'Licenses Added Succesfully!' }).waitFor();

    const subject = `Receipt: 1 license added for ${ACME.domain}, ${before + 1} in total`;
    const mailbox = await page.context().newPage();
    await eventually('the receipt in the mailbox', async () => {
      await mailbox.goto(`${portal.origin}/sandbox/mail`);
      return (await mailbox.getByRole('heading', { name: subject }).count()) > 0;
    });
    const receipt = mailbox.locator('article', { hasText: subject });
    await receipt.getByText(ACME.admin, { exact: true }).waitFor();
    const frame = receipt.frameLocator('iframe');
    await frame.getByText(`${before + 1}`, { exact: true }).waitFor();
    await frame.getByText(ACME.domain, { exact: true }).waitFor();
    await expectAccessible(mailbox, 'sandbox mailbox');
  },
  { freshDataset: true },
);
