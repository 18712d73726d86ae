import { demoAccounts, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Issue 13, point 7: a screen a user may read but not change says so, instead of leaving its
// switches and fields to not respond without a word.

test('a Viewer is told why the settings do not respond, and whom to ask to change them', async ({ page }) => {
  await signIn(page, demoAccounts.viewer);
  // In words the reader knows: the Roles screen's name for the right, and who to ask; no permission code.
  const screens = [
    { path: '/settings/company', what: 'the company profile', right: 'Company profile: Write' },
    { path: '/settings/countries', what: "the company's countries", right: 'Countries: Write' },
    { path: '/settings/currencies', what: "the company's currencies and rates", right: 'Currencies: Write' },
    { path: '/settings/picklist', what: 'the picklists', right: 'Picklists: Write' },
  ];
  for (const { path, what, right } of screens) {
    await page.goto(path);
    const notice = page.getByRole('alert').filter({ hasText: `You can view ${what}, but your role` });
    await expect(notice).toContainText(
      `Changes are for people whose role allows “${right}” (set on the Roles screen). Ask your company’s Admin if you need to make one.`,
    );
    await expect(notice).not.toContainText(':write');
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

  // A role opened by a Viewer says the same in its own words.
  await page.goto('/settings/roles');
  await page.getByRole('link', { name: 'Member', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'You can see this role but not change it: that is for people whose role allows “Roles: Write”.',
  );
});
