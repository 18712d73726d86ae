import { messages } from '@cargodesk/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  actionPathIn,
  createCompanyUser,
  expect,
  expectAccessible,
  signIn,
  signInThroughScreen,
  test,
  testPassword,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

// Each test signs in two or three people (scrypt hashing, six reference lists) on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

const inviteSubject = 'on Cargodesk — set your password';

/**
 * The invitee opens the mailed link in a browser of their own, is greeted by the company, sets a
 * password and lands signed in on the dashboard.
 */
const acceptInvitation = async (
  { browser, request }: { browser: Browser; request: APIRequestContext },
  { email, companyName }: { email: string; companyName: string },
) => {
  const mail = await waitForMail(request, { to: email, subject: inviteSubject });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(actionPathIn(mail));
  await expect(page.getByRole('heading', { name: `Welcome to ${companyName}` })).toBeVisible();
  await expect(page.getByText(`Set your password for ${email}`)).toBeVisible();
  await expectAccessible(page);
  // Invitations are often opened on a phone: the whole form fits 390 px without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Set your password' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('New password', { exact: true }).fill(testPassword);
  await page.getByLabel('Repeat the new password').fill(testPassword);
  await page.getByRole('button', { name: 'Set your password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  return { context, page, mail };
};

const inviteThroughModal = async (page: Page, { email, firstName }: { email: string; firstName: string }) => {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill('Invited');
  // Enter in a field sends the dialog, as its button does.
  await dialog.getByLabel('Last name').press('Enter');
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
};

const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test('an invited user sets a password from the mail, signs in, and sees only what a Member may', async ({
  page,
  browser,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'users-admin' });
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Users' }).first().click();
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
  await expect(userRow(page, admin.email).getByText('Active', { exact: true })).toBeVisible();

  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(dialog.getByText('Please enter the first name.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const email = uniqueEmail('invitee');
  await inviteThroughModal(page, { email, firstName: 'Ivy' });
  await expect(userRow(page, email).getByText('Invited', { exact: true })).toBeVisible();
  await expect(userRow(page, email).getByText('Member', { exact: true })).toBeVisible();
  // Inviting the same address again is refused on the email field.
  await page.getByRole('button', { name: 'Invite user' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Ivy');
  await dialog.getByLabel('Last name').fill('Again');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    dialog.getByText('A user with this email address already exists in your company'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const {
    mail,
    context,
    page: invitee,
  } = await acceptInvitation({ browser, request }, { email, companyName: 'E2E users-admin Freight' });
  expect(mail.subject).toBe(
    `Erin Tester invited you to E2E users-admin Freight on Cargodesk — set your password`,
  );
  await expect(invitee.getByRole('heading', { level: 1, name: 'Welcome, Ivy' })).toBeVisible();
  await invitee.goto('/settings/users');
  await expect(invitee.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
  await expect(userRow(invitee, email).getByText('Active', { exact: true })).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
  await expect(invitee.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
  await context.close();

  // The admin sees the invitation accepted.
  await page.reload();
  await expect(userRow(page, email).getByText('Active', { exact: true })).toBeVisible();
});

test('the list searches and filters, throttles resending, and opens a user’s page', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'users-list' });
  await signIn(page, admin, { at: '/settings/users' });
  const pending = uniqueEmail('pending');
  await inviteThroughModal(page, { email: pending, firstName: 'Penny' });

  await page.getByLabel('Search users').fill('penny');
  await expect(page.getByRole('row').filter({ hasText: admin.email })).toHaveCount(0);
  await expect(userRow(page, pending)).toBeVisible();
  await page.getByLabel('Search users').fill('nobody-by-this-name');
  await expect(page.getByText('No users match your search or filters.')).toBeVisible();
  await page.getByLabel('Search users').fill('');
  // A click on an option still sliding in can miss it: choose until the filter is in the address.
  await expect(async () => {
    await page.getByLabel('Filter by status').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Invited', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=invited/, { timeout: 1_000 });
  }).toPass();
  await expect(userRow(page, pending)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: admin.email })).toHaveCount(0);

  // Resending at once is throttled.
  await userRow(page, pending)
    .getByRole('button', { name: /^Resend invite/ })
    .click();
  await expect(page.getByText('wait a minute before sending it again')).toBeVisible();

  await userRow(page, pending).getByRole('link', { name: 'Penny Invited' }).click();
  await expect(page).toHaveURL(/\/settings\/users\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Penny Invited' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save roles and groups' })).toBeVisible();

  // The admin's own page offers no way to suspend or delete themselves.
  await page.getByRole('link', { name: 'All users' }).click();
  await page.getByRole('row').filter({ hasText: admin.email }).getByRole('link').click();
  await expect(page.getByText('You cannot suspend or delete your own account.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
});

test('suspending a signed-in user logs them out at their next request', async ({
  page,
  browser,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'users-suspend' });
  await signIn(page, admin, { at: '/settings/users' });
  const email = uniqueEmail('suspendee');
  await inviteThroughModal(page, { email, firstName: 'Sam' });
  const { context, page: member } = await acceptInvitation(
    { browser, request },
    { email, companyName: 'E2E users-suspend Freight' },
  );
  await member.goto('/settings/users');
  await expect(member.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();

  await page.reload();
  await userRow(page, email)
    .getByRole('button', { name: /^Suspend/ })
    .click();
  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(page.getByText('Sam Invited is suspended')).toBeVisible();
  await expect(userRow(page, email).getByText('Suspended', { exact: true })).toBeVisible();

  // The member's next request (a search) answers that the account was suspended.
  await member.getByLabel('Search users').fill('sam');
  await expect(member).toHaveURL(/\/login/);
  await expect(member.getByText(messages.accountSuspended).first()).toBeVisible();
  await member.getByLabel('Email').fill(email);
  await member.getByLabel('Password').fill(testPassword);
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member.getByText('This account has been disabled.', { exact: false })).toBeVisible();
  await expect(member).toHaveURL(/\/login/);
  await context.close();

  // Reactivated, they can sign in again.
  await userRow(page, email)
    .getByRole('button', { name: /^Reactivate/ })
    .click();
  await expect(userRow(page, email).getByText('Active', { exact: true })).toBeVisible();
  const again = await browser.newContext();
  const memberAgain = await again.newPage();
  await signIn(memberAgain, { email, password: testPassword });
  await again.close();

  // Deleting asks first, then the user is gone.
  await userRow(page, email)
    .getByRole('button', { name: /^Delete/ })
    .click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Sam Invited was deleted')).toBeVisible();
  await expect(userRow(page, email)).toHaveCount(0);
});

test('an admin sends a colleague a password reset, and the colleague chooses a new password from the mail', async ({
  page,
  browser,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'users-reset' });
  await signIn(page, admin, { at: '/settings/users' });
  const email = uniqueEmail('forgetful');
  await inviteThroughModal(page, { email, firstName: 'Flo' });
  const accepted = await acceptInvitation(
    { browser, request },
    { email, companyName: 'E2E users-reset Freight' },
  );
  await accepted.context.close();

  await page.reload();
  await userRow(page, email).getByRole('button', { name: 'Reset password for Flo Invited' }).click();
  await expect(page.getByText('Send Flo Invited a password reset?')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(`A password reset was sent to ${email}`)).toBeVisible();

  // The mail's link lets the colleague choose a new password, which then signs them in.
  const mail = await waitForMail(request, { to: email, subject: 'Reset your Cargodesk password' });
  const context = await browser.newContext();
  const colleague = await context.newPage();
  await colleague.goto(actionPathIn(mail));
  await expect(colleague.getByText(`Choose a new password for ${email}`)).toBeVisible();
  await colleague.getByLabel('New password', { exact: true }).fill('Brand-New-Berth-7');
  await colleague.getByLabel('Repeat the new password').fill('Brand-New-Berth-7');
  await colleague.getByRole('button', { name: 'Save new password' }).click();
  await expect(colleague.getByText('Your password has been changed')).toBeVisible();
  await signInThroughScreen(colleague, { email, password: 'Brand-New-Berth-7' });
  await context.close();
});
