import type { APIRequestContext } from '@playwright/test';
import {
  actionPathIn,
  createCompanyUser,
  expect,
  expectAccessible,
  newAppToken,
  test,
  testPassword,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

// Sign-in by mailed link (docs/decisions/023): asked for on the login page, opened from the mail,
// then a password set on the profile screen against the policy's checklist.

const linkSubject = 'Sign in to Cargodesk';

/** A colleague invited by an admin who never set a password: only the mailbox proves who they are. */
const invitedColleague = async (request: APIRequestContext, label: string) => {
  const admin = await createCompanyUser(request, { label: `${label}-admin` });
  const email = uniqueEmail(label);
  const invite = await request.post('/iamserver/api/v1/users/invite', {
    headers: { authorization: await newAppToken(request, admin) },
    data: { email, firstName: 'Lia', lastName: 'Link' },
  });
  expect(invite.ok(), await invite.text()).toBe(true);
  return email;
};

test('an invited user signs in by a mailed link, then sets a password against the checklist', async ({
  page,
  request,
  context,
}) => {
  const email = await invitedColleague(request, 'by-link');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in by email link' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expectAccessible(page);

  // Opened on the same device: the address is remembered and the link signs in at once.
  const mail = await waitForMail(request, { to: email, subject: linkSubject });
  await page.goto(actionPathIn(mail));
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Lia' })).toBeVisible();
  // The token-sync URL mirrored the ID token into its HttpOnly cookie.
  await expect
    .poll(async () => (await context.cookies()).find(({ name }) => name === '__session')?.httpOnly)
    .toBe(true);

  // The link works once: opened again (which signs out, as every mailed link does), it is refused.
  await page.goto(actionPathIn(mail));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This link is invalid or has already been used.')).toBeVisible();
  await expectAccessible(page);

  // Signed in again by a fresh link, the user sets a password on the profile screen.
  await page.goto('/login?method=email-link');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const secondMail = await waitForMail(request, { to: email, subject: linkSubject, newerThan: mail });
  await page.goto(actionPathIn(secondMail));
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });

  await page.goto('/settings/profile');
  const checklist = page.getByRole('list', { name: 'Requirements', exact: true });
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await expect(checklist.getByText('At least 6 characters (not met yet)')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill(testPassword);
  await expect(checklist.getByText('At least 6 characters (met)')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill(testPassword);
  // A link sign-in is a recent sign-in: no current password is asked for.
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/profile$/);

  // The new password signs in.
  expect(await newAppToken(request, { email, password: testPassword })).toBeTruthy();
});

test('a link opened on another device asks for the address first', async ({ page, browser, request }) => {
  const email = await invitedColleague(request, 'other-device');
  await page.goto('/login?method=email-link');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  const mail = await waitForMail(request, { to: email, subject: linkSubject });

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto(actionPathIn(mail));
  await expect(other.getByText('To finish signing in, confirm the email address')).toBeVisible();
  await expectAccessible(other);
  await other.getByLabel('Email').fill(uniqueEmail('not-mine'));
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    other.getByRole('alert').filter({ hasText: 'This link was sent to another email address.' }),
  ).toBeVisible();
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await otherContext.close();
});

test('an unknown address gets the same answer, and the screens fit a phone and a desktop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login?method=email-link');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Email me a sign-in link' })).toBeVisible();
  await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
  const email = uniqueEmail('nobody');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText(`If ${email} belongs to a Cargodesk account`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('link', { name: 'Sign in with a password' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});
