import type { APIRequestContext, Page } from '@playwright/test';
import {
  actionPathIn,
  createCompanyUser,
  expect,
  expectAccessible,
  identityApiKey,
  newAppToken,
  signIn,
  test,
  testPassword,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

// Realtime notifications (issue 6): the bell's badge follows the stream without a reload.

const inviteSubject = 'on Cargodesk — set your password';

/** A company whose admin invited a member; the member has set a password from the mail. */
const companyWithMember = async (request: APIRequestContext, label: string) => {
  const admin = await createCompanyUser(request, { label: `${label}-admin` });
  const adminToken = await newAppToken(request, admin);
  const memberEmail = uniqueEmail(`${label}-member`);
  const invited = await request.post('/iamserver/api/v1/users/invite', {
    headers: { authorization: adminToken },
    data: { email: memberEmail, firstName: 'Mia', lastName: 'Member' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const mail = await waitForMail(request, { to: memberEmail, subject: inviteSubject });
  const oobCode = new URLSearchParams(actionPathIn(mail).split('?')[1]).get('oobCode');
  const apiKey = await identityApiKey(request);
  const reset = await request.post(
    `/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${apiKey}`,
    {
      data: { oobCode, newPassword: testPassword },
    },
  );
  expect(reset.ok(), await reset.text()).toBe(true);
  return { admin, adminToken, member: { email: memberEmail, password: testPassword } };
};

const badge = (page: Page) => page.getByTestId('notifications-badge');
const badgeCount = (page: Page) => badge(page).locator('.ant-scroll-number');

const announce = async (request: APIRequestContext, token: string, title: string) => {
  const response = await request.post('/notifyserver/api/v1/announcements', {
    headers: { authorization: token },
    data: { title },
  });
  expect(response.status(), await response.text()).toBe(201);
};

test("another user's announcement lights the bell without a reload; opening it clears the badge", async ({
  page,
  browser,
  request,
}) => {
  // Two people sign in, one after the other, on a shared two-core machine.
  test.slow();
  const { admin, member } = await companyWithMember(request, 'bell');
  await signIn(page, member);
  await expect(badgeCount(page)).toHaveCount(0);

  // The admin, in a browser of their own, sees that the member joined and announces to everyone.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  try {
    await signIn(adminPage, admin);
    await expect(badgeCount(adminPage)).toHaveText('1');
    await adminPage.getByRole('button', { name: 'Notifications' }).click();
    await expect(adminPage.getByRole('button', { name: /Mia Member joined your company/ })).toBeVisible();
    await adminPage.getByRole('button', { name: 'Announce to company' }).click();
    await adminPage.getByLabel('Announcement').fill('   ');
    await adminPage.getByRole('button', { name: 'Send to company' }).click();
    await expect(adminPage.getByText('Write what you want to tell everyone.')).toBeVisible();
    await adminPage.getByLabel('Announcement').fill('Dock 4 closes at noon');
    await adminPage.getByLabel('Details').fill('Use dock 5 for the afternoon arrivals.');
    await expectAccessible(adminPage);
    await adminPage.getByRole('button', { name: 'Send to company' }).click();
    await expect(adminPage.getByText('Announcement sent to 1 person.')).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // No reload: the stream brought it.
  await expect(badgeCount(page)).toHaveText('1');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const item = page.getByRole('button', { name: /Dock 4 closes at noon/ });
  await expect(item).toBeVisible();
  await expect(page.getByText('Use dock 5 for the afternoon arrivals.')).toBeVisible();
  await expectAccessible(page);
  await item.click();
  await expect(badgeCount(page)).toHaveCount(0);
  await expect(page.getByText('You have no new notifications.')).toBeVisible();

  // Still cleared after a reload: it was marked loaded on the server.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(badgeCount(page)).toHaveCount(0);
});

test('twelve unread show 9+, and mark all as read clears them', async ({ page, request }) => {
  const { adminToken, member } = await companyWithMember(request, 'nine-plus');
  await signIn(page, member);
  await expect(badgeCount(page)).toHaveCount(0);
  for (let n = 1; n <= 12; n += 1) await announce(request, adminToken, `Notice ${n}`);
  await expect(badgeCount(page)).toHaveText('9+');
  await page.getByRole('button', { name: 'Notifications' }).click();
  // At most 10 are fetched, newest first.
  await expect(page.getByRole('button', { name: /^Notice \d+ / })).toHaveCount(10);
  await expect(page.getByRole('button', { name: /^Notice 12 / })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(badgeCount(page)).toHaveCount(0);
  await expect(page.getByText('You have no new notifications.')).toBeVisible();
});
