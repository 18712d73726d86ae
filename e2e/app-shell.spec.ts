import { expect, test } from './fixtures.ts';

test('the built app renders and finds the API answering', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveTitle('Cargodesk');
  await expect(page.getByRole('heading', { level: 1, name: 'Cargodesk' })).toBeVisible();
  await expect(page.getByText('Freight and cargo administration')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Answering');
});

test('a deep link gets the app, not a 404', async ({ page }) => {
  const response = await page.goto('/settings/profile');

  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargodesk' })).toBeVisible();
});

test('the developer mailbox opens from the status page', async ({ page }) => {
  await page.goto('/');
  // The e2e server runs without SMTP_URL, so mail is captured and the mailbox exists.
  await page.getByRole('link', { name: 'Developer mailbox' }).click();

  await expect(page).toHaveURL(/\/dev\/mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Developer mailbox' })).toBeVisible();
});
