import { expect, expectAccessible, test } from './fixtures.ts';

// The API reference is served by the app itself: no CDN, its own CSP, which the fixtures hold it to.

test('the API reference lists the operations with their permissions', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Cargodesk API/ })).toBeVisible();
  // Each service opens on demand, and then shows all its operations.
  await expect(page.getByRole('heading', { name: /^contactserver/ })).toBeVisible();
  await page.getByRole('heading', { name: /^iamserver/ }).click();
  const listRoles = page.locator('.opblock').filter({ hasText: 'List roles' });
  await expect(listRoles).toContainText('/iamserver/api/v1/roles');
  await listRoles.locator('.opblock-summary-control').click();
  await expect(listRoles).toContainText('roles:read');
  await expectAccessible(page);
});
