import type { Page } from '@playwright/test';
import {
  codeIn,
  codeMailSubject,
  createCompanyUser,
  demoAccounts,
  expect,
  newAppToken,
  signIn,
  signInThroughScreen,
  test,
  waitForMail,
} from './fixtures.ts';

/** A real 1×1 PNG, as a person's avatar or logo file. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const openProfile = async (page: Page) => {
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByLabel('First name')).toHaveValue('Erin');
};

/** The form row of a field, which shows a select's chosen option. */
const field = (page: Page, label: string) =>
  page.locator('.ant-form-item', { has: page.locator(`label:text-is("${label}")`) });

/** Picks an option of a searchable antd Select by typing and Enter, as a keyboard user would. */
const choose = async (page: Page, label: string, typed: string, shown: string) => {
  await page.getByLabel(label).fill(typed);
  // Enter picks the highlighted option: wait until the filtered list has one, as a person would.
  // (The list opened last is this field's; one opened before may still be closing.)
  await expect(
    page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active')
      .last(),
  ).toBeVisible();
  await page.getByLabel(label).press('Enter');
  await expect(field(page, label)).toContainText(shown);
};

test('editing the profile shows the new name and avatar in the navbar, and they stay after a reload', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'profile' });
  await signIn(page, user);
  await openProfile(page);
  await expect(page.getByText('Verified')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  // The company's products are words to read, not coloured chips that look like buttons.
  const products = field(page, 'Products of your company');
  await expect(products).toContainText('Contacts, Documents, Freight, Mail, Reports');
  await expect(products.locator('.ant-tag, button, a')).toHaveCount(0);

  // Refused in the form with the server's own words, before anything is sent.
  await page.getByLabel('First name').fill('M'.repeat(81));
  await page.getByLabel('Phone').fill('call me');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('The first name must be at most 80 characters')).toBeVisible();
  await expect(
    page.getByText('Phone must be a phone number: digits, spaces, ( ) - . and a leading +'),
  ).toBeVisible();

  await page.getByLabel('First name').fill('Marina');
  await page.getByLabel('Last name').fill('Harbour');
  await page.getByLabel('Phone').fill('+44 20 7946 0000');
  await page
    .getByLabel('Upload avatar')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByRole('img', { name: 'Avatar preview' })).toBeVisible();
  // Shown is not saved: the form says so, and leaving the page asks first.
  await expect(page.getByRole('status').filter({ hasText: 'Not saved yet' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Users' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toContainText('Your changes on this page are not saved');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByLabel('First name')).toHaveValue('Marina');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByText('Not saved yet')).toHaveCount(0);

  // The navbar follows without a reload.
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await expect(accountMenu.locator('img')).toBeVisible();
  await accountMenu.click();
  await expect(page.getByRole('dialog', { name: 'Account' }).getByText('Marina Harbour')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Marina');
  await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');
  await expect(page.getByRole('img', { name: 'Avatar preview' })).toBeVisible();
  await expect(accountMenu.locator('img')).toBeVisible();
});

test('a changed password is the one that signs in next time', async ({ page, browser, request }) => {
  const user = await createCompanyUser(request, { label: 'password' });
  // Someone holding the old password signed in elsewhere.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, user);
  await signIn(page, user);
  await openProfile(page);

  const newPassword = 'Quay-Side-Crane-77';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill('something else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // This tab stays signed in on a new session; the one elsewhere has ended.
  await page.reload();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByLabel('First name')).toHaveValue('Erin');
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await otherContext.close();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  // A request already under way when the session ended may add where it came from.
  await expect(page).toHaveURL(/\/login(\?redirect_uri=[^&]+)?$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }),
  ).toBeVisible();
  await signInThroughScreen(page, { email: user.email, password: newPassword });
});

test('a two-factor user changes their password after confirming it is them, then enters the emailed code', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'password-tfa' });
  await signIn(page, user);
  // An admin turns two-factor sign-in on meanwhile: this sign-in never passed a code, so the
  // identity provider takes no change from it until the app session vouches for a fresh one
  // (docs/decisions/042).
  const switched = await request.patch('/iamserver/api/v1/companies/current', {
    headers: { authorization: await newAppToken(request, user) },
    data: { twoFactorAuth: true },
  });
  expect(switched.ok(), await switched.text()).toBe(true);
  await openProfile(page);

  const newPassword = 'Quay-Side-Crane-78';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Current password').fill(user.password);
  await confirm.getByRole('button', { name: 'Confirm and change password' }).click();
  // The change ended every session; the new sign-in asks for the emailed code. Confirming, changing
  // and signing in again hash the password three times: on two busy cores that outlasts the usual wait.
  await expect(page.getByText(`We have sent a 6-digit sign-in code to ${user.email}`)).toBeVisible({
    timeout: 20_000,
  });
  // The account's first code: no other sign-in of it asked for one.
  const mail = await waitForMail(request, { to: user.email, subject: codeMailSubject });
  await page.getByLabel('Sign-in code').fill(codeIn(mail));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 15_000 });
});

test('signing out of all sessions ends this one and the one in another browser', async ({
  page,
  browser,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'everywhere' });
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  try {
    await signIn(otherPage, user);
    await signIn(page, user);
    await openProfile(page);

    await page.getByRole('button', { name: 'Sign out of all sessions' }).click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login/);
  } finally {
    await otherContext.close();
  }
});

test('company settings are saved and still there after a reload', async ({ page, request }) => {
  const user = await createCompanyUser(request, { label: 'company' });
  await signIn(page, user, { at: '/settings/company' });
  await expect(page.getByRole('heading', { level: 2, name: 'Company profile' })).toBeVisible();
  await expect(page.getByText('Trial', { exact: true })).toBeVisible();

  // Refused in the form with the server's own words, before anything is sent.
  await page.getByLabel('Company name').fill('E');
  await page.getByLabel('Short name').fill('E'.repeat(41));
  await page.getByRole('button', { name: 'Save company profile' }).click();
  await expect(page.getByText('The company name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('The short name must be at most 40 characters')).toBeVisible();
  await page.getByLabel('Company name').fill('E'.repeat(121));
  await expect(page.getByText('The company name must be at most 120 characters')).toBeVisible();

  await page.getByLabel('Company name').fill('Elbe Forwarding GmbH');
  await page.getByLabel('Short name').fill('ELBE');
  await choose(page, 'Operating country', 'Germ', '🇩🇪 Germany (DE)');
  await choose(page, 'Currency', 'EUR', 'EUR — Euro');
  await choose(page, 'Time zone', 'Europe/Berl', 'Europe/Berlin (');
  await choose(page, 'Preferred language', 'Germ', 'German');
  await choose(page, 'Company type', 'Freight', 'Freight forwarder');
  await page.getByLabel('Address').fill('Am Sandtorkai 1\n20457 Hamburg');
  await page.getByLabel('Phone').fill('+49 40 555 0100');
  await page.getByRole('switch', { name: 'Two-factor sign-in' }).click();
  await page
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await expect(page.getByText('Not saved yet')).toBeVisible();
  await page.getByRole('button', { name: 'Save company profile' }).click();
  await expect(page.getByText('Company profile saved.')).toBeVisible();
  await expect(page.getByText('Not saved yet')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue('Elbe Forwarding GmbH');
  await expect(page.getByLabel('Short name')).toHaveValue('ELBE');
  await expect(field(page, 'Operating country')).toContainText('Germany (DE)');
  await expect(field(page, 'Currency')).toContainText('EUR — Euro');
  await expect(field(page, 'Time zone')).toContainText('Europe/Berlin (');
  await expect(field(page, 'Preferred language')).toContainText('German');
  await expect(field(page, 'Company type')).toContainText('Freight forwarder');
  await expect(page.getByLabel('Address')).toHaveValue('Am Sandtorkai 1\n20457 Hamburg');
  await expect(page.getByRole('switch', { name: 'Two-factor sign-in' })).toBeChecked();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();

  // A change not saved yet: closing the tab lets the browser ask first.
  await page.getByLabel('Short name').fill('ELBE 2');
  await expect(page.getByText('Not saved yet')).toBeVisible();
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('a Viewer sees the company profile read-only, and no Mail they could not send', async ({ page }) => {
  const refusals: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refusals.push(response.url());
  });
  await signIn(page, demoAccounts.viewer);
  // A Viewer may not send mail: no Mail button, and no request the server would refuse.
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mail' })).toHaveCount(0);
  await page.goto('/dashboard?mail=compose');
  await expect(page.getByRole('dialog', { name: 'Mail composer' })).toHaveCount(0);
  await page.goto('/settings/company');
  await expect(
    page.getByText('You can view the company profile, but your role does not let you'),
  ).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue('Demo Freight Ltd');
  await expect(page.getByLabel('Company name')).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Two-factor sign-in' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save company profile' })).toHaveCount(0);
  await expect(page.getByLabel('Upload logo')).toHaveCount(0);
  expect(refusals).toEqual([]);
});
