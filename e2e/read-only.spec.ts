import { demoAccounts, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Issue 13, point 7: a screen a user may read but not change says so, instead of leaving its
// switches and fields to not respond without a word.

test('a Viewer is told why the settings do not respond, and by which permission they would', async ({
  page,
}) => {
  await signIn(page, demoAccounts.viewer);
  const screens = [
    { path: '/settings/company', what: 'the company profile', permission: 'company:write' },
    { path: '/settings/countries', what: "the company's countries", permission: 'countries:write' },
    {
      path: '/settings/currencies',
      what: "the company's currencies and rates",
      permission: 'currencies:write',
    },
    { path: '/settings/picklist', what: 'the picklists', permission: 'picklists:write' },
  ];
  for (const { path, what, permission } of screens) {
    await page.goto(path);
    await expect(
      page.getByText(`You can view ${what}. Changes need the ${permission} permission; ask your Admin.`),
    ).toBeVisible();
    // A form's switches stay in view, turned off for this user and grey, not the brand's "on".
    if (path === '/settings/company') {
      await expect(page.getByRole('switch').first()).toBeDisabled();
      await expect(page.getByRole('switch').first()).toHaveCSS('filter', 'grayscale(1)');
    }
  }
  // A picklist's values say whether they are active in words: there is no switch to press.
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Company type' }).getByRole('row').nth(1)).toContainText(
    'Active',
  );
  await expect(page.locator('.ant-skeleton, #nprogress')).toHaveCount(0);
  await expectAccessible(page);
});
