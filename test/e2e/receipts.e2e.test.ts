// A newcomer buys a licence in the sandbox and reads the order confirmation in the sandbox's mailbox
// as a mail client shows it (docs/notifications.md, E-mail): no SMTP_URL, nothing to set up.
import { addLicences, eventually, signInToDashboard } from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

journey(
  'the buyer of a licence reads the order confirmation at full size at /sandbox/mail',
  async ({ page, portal }) => {
    await signInToDashboard(page, ACME.admin);
    const before = ACME.numberOfSeats;
    await addLicences(page, 1);
    await page.getByRole('dialog', { name: 'Licenses Added Succesfully!' }).waitFor();

    const subject = `Order confirmation: 1 license added for ${ACME.domain}, ${before + 1} in total`;
    const mailbox = await page.context().newPage();
    await eventually('the order confirmation in the mailbox', async () => {
      await mailbox.goto(`${portal.origin}/sandbox/mail`);
      return (await mailbox.getByRole('link', { name: subject }).count()) > 0;
    });
    await expectAccessible(mailbox, 'sandbox mailbox');
    await mailbox.getByRole('link', { name: subject }).click();
    await mailbox.getByRole('heading', { level: 1, name: subject }).waitFor();
    await mailbox.getByText(ACME.admin, { exact: true }).waitFor();

    const frame = mailbox.frameLocator('iframe.mail-body');
    await frame.getByRole('heading', { name: 'Order confirmation' }).waitFor();
    await frame.getByText('not a tax invoice', { exact: false }).waitFor();
    // Full size: the frame is as tall as the mail, so its last line shows without scrolling inside it.
    const reference = frame.getByText(/^Reference$/);
    await reference.waitFor();
    await eventually('the frame sized to the mail', async () => {
      const sizes = await mailbox.locator('iframe.mail-body').evaluate((element) => {
        const shown = element as HTMLIFrameElement;
        const mail = shown.contentDocument?.documentElement;
        return { frame: shown.clientHeight, mail: mail?.scrollHeight ?? Infinity };
      });
      return sizes.frame >= sizes.mail && sizes.mail > 0;
    });
    const frameBox = await mailbox.locator('iframe.mail-body').boundingBox();
    const lastLine = await reference.boundingBox();
    expect(frameBox).not.toBeNull();
    expect(lastLine).not.toBeNull();
    if (frameBox !== null && lastLine !== null) {
      expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
    }
    await expectAccessible(mailbox, 'a mail in the sandbox mailbox');
  },
  { freshDataset: true },
);
