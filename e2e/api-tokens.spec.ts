import type { Page } from '@playwright/test';
import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Personal API tokens (docs/decisions/018-api-tokens.md): made on /settings/api-tokens, shown once,
// then used the way an integration uses one, with plain HTTP requests and the token in Authorization.

const api = '/iamserver/api/v1';
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a user creates an API token, lists users with it over plain HTTP, sees its last use, and revokes it', async ({
  page,
  context,
}) => {
  test.slow();
  const user = await createCompanyUser(page.request, { label: 'api-token' });
  await signIn(page, user);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/settings\/api-tokens$/);
  await expect(page.getByRole('heading', { level: 2, name: 'API tokens' })).toBeVisible();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await expect(dialog).toBeVisible();
  // Nothing ticked yet: the form says what is missing before anything is sent.
  await dialog.getByLabel('Name').fill('Warehouse sync');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Tick at least one permission.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Users and groups: Read' }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API token' });
  await expect(shown.getByText('Copy the token now: it will not be shown again.')).toBeVisible();
  const token = await shown.getByLabel('Token “Warehouse sync”').inputValue();
  expect(token).toMatch(/^cdk_pat_[0-9a-f]{64}_[A-Za-z0-9_-]{43}$/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectAccessible(page);
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: /Warehouse sync/ });
  await expect(row).toContainText('Users and groups: Read');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  // The list never holds the token again.
  await expect(page.locator('body')).not.toContainText(token.slice(-20));

  // As an integration calls the API: a plain request, the token in Authorization, no cookie.
  const users = await fetch(new URL(`${api}/users`, page.url()), { headers: { Authorization: token } });
  expect(users.status).toBe(200);
  const listed = (await users.json()) as { data: { email: string }[] };
  expect(listed.data.map((entry) => entry.email)).toContain(user.email);
  const roles = await page.request.get(`${api}/roles`, { headers: { Authorization: token } });
  expect(roles.status()).toBe(403);
  const child = await page.request.post(`${api}/users-token`, {
    headers: { Authorization: token },
    data: { name: 'Child', expiresInDays: 1, permissions: ['users:read'] },
  });
  expect(child.status()).toBe(403);

  await page.reload();
  await expect(page.getByRole('row', { name: /Warehouse sync/ })).not.toContainText('Never');

  // A look at a phone and a wide screen: nothing wider than the window.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.getByRole('heading', { level: 2, name: 'API tokens' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
  }

  // An admin (this user is their company's) sees the token on the user's page too, never the token itself.
  const me = await page.request.get(`${api}/auth/fetch-users-by-token`, {
    headers: { Authorization: token },
  });
  expect(me.status()).toBe(200);
  const [self] = ((await me.json()) as { data: { _id: string }[] }).data;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/settings/users/${self?._id}`);
  const adminCard = page.locator('.ant-card', { hasText: 'API tokens' });
  await expect(adminCard.getByRole('row', { name: /Warehouse sync/ })).toContainText('users:read');
  await expect(page.locator('body')).not.toContainText(token.slice(-20));
  await expectAccessible(page);
  await page.goto('/settings/api-tokens');

  await page.getByRole('button', { name: 'Revoke Warehouse sync' }).click();
  await expect(page.getByText('Whatever uses it stops working at once.')).toBeVisible();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('row', { name: /Warehouse sync/ })).toContainText('Revoked');
  const refused = await page.request.get(`${api}/users`, { headers: { Authorization: token } });
  expect(refused.status()).toBe(401);
});
