import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// axe over each screen as a person first meets it; later screens call expectAccessible in their own specs.
// Reduced motion (playwright.config.ts) has the screens checked at rest, not halfway through a fade-in.

test('the signed-out screens have no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Create a company account' }).click();
  await expect(page.getByLabel('Company name')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('button', { name: /send|reset/i })).toBeVisible();
  await expectAccessible(page);
});

test('the dashboard and the settings layout have no accessibility violations', async ({ page, request }) => {
  await signIn(page, await createCompanyUser(request, { label: 'a11y' }));
  await expectAccessible(page);
  await page
    .getByRole('link', { name: /settings/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  // Checked once the screen has settled: loaded, no skeletons, the progress bar gone.
  await expect(page.getByLabel('First name')).toHaveValue('Erin');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-skeleton, #nprogress')).toHaveCount(0);
  await expectAccessible(page);
});
