// The sign-in and add-licences journeys with the keyboard alone (Tab, Enter, Space, arrows): no
// click, no fill; every control is reached with Tab from where the focus was.
import { eventually, figure, waitForDashboard } from './support/pageActions';
import { describePortal } from './support/journey';
import { tabTo } from './support/keyboard';
import { ACME } from './support/sandbox';

const { journey } = describePortal();
const SEATS = 3;

journey(
  'sign in and add licences with the keyboard alone',
  async ({ page, loads }) => {
    await page.goto('/');
    await tabTo(page, page.getByLabel('Email address'), 'The e-mail field');
    await page.keyboard.type(ACME.admin);
    await page.keyboard.press('Enter');

    const signIn = page.getByRole('button', { name: 'Sign in with Google' });
    await signIn.waitFor();
    await tabTo(page, signIn, "'Sign in with Google'");
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    await popup.waitForLoadState();
    await tabTo(popup, popup.getByRole('button', { name: 'Allow' }), "The popup's Allow");
    await popup.keyboard.press('Enter');
    await waitForDashboard(page);

    const seats = page.getByLabel('Add Licenses');
    await tabTo(page, seats, 'The number of licenses');
    for (let press = 0; press < SEATS; press += 1) await page.keyboard.press('ArrowUp');
    expect(await seats.inputValue()).toBe(String(SEATS));
    await tabTo(page, page.getByRole('button', { name: 'Add Licenses' }), "'Add Licenses'");
    await page.keyboard.press('Enter');

    const confirm = page.getByRole('dialog', { name: 'Confirm Adding Licenses' });
    await confirm.getByText(`Are you sure you want to add ${SEATS} licenses?`).waitFor();
    await tabTo(page, confirm.getByRole('button', { name: 'Add Licenses' }), 'The confirm button');
    await page.keyboard.press('Space');

    const success = page.getByRole('dialog', { name: 'Licenses Added Succesfully!' });
    await success.waitFor();
    const more = success.getByRole('button', { name: 'Add Even More Licenses' });
    await tabTo(page, more, "'Add Even More Licenses'");
    const loadsBefore = loads();
    await page.keyboard.press('Enter');
    await eventually('the reload', () => loads() > loadsBefore);
    await waitForDashboard(page);
    expect(await figure(page, 'Total Licenses')).toBe(ACME.numberOfSeats + SEATS);
  },
  { freshDataset: true },
);
