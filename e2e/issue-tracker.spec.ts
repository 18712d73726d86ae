import {
  createCompanyUser,
  demoAccounts,
  expect,
  expectAccessible,
  inviteColleague,
  newAppToken,
  signIn,
  test,
  testPassword,
} from './fixtures.ts';

// The issue tracker (docs/decisions/017-issue-tracker.md): a member reports a problem with a
// screenshot, the company admin comments, Cargodesk support resolves it from the platform console
// and the reporter hears of it.

/** A real 1×1 PNG, as a screenshot would arrive. */
const screenshot = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** No sideways scrolling of the whole page at this width. */
const expectFitsWidth = async (page: import('@playwright/test').Page, width: number) => {
  await page.setViewportSize({ width, height: 900 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
};

test('a member reports a problem with a screenshot, the admin comments, support resolves it and the reporter hears of it', async ({
  page,
  browser,
  request,
}) => {
  // Three people, two browser sessions, on a shared two-core machine.
  test.slow();
  const admin = await createCompanyUser(request, { label: 'issues-admin' });
  const adminToken = await newAppToken(request, admin);
  const member = await inviteColleague(request, adminToken, 'issues-member');
  const title = `Rates table empties ${Date.now()}`;

  await signIn(page, { email: member.email, password: testPassword });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog.getByText('http://', { exact: false }).first()).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('What happened').fill('After saving a rate the table is blank.');
  await dialog.getByLabel('Screenshot or file (optional)').setInputFiles({
    name: 'screen.png',
    mimeType: 'image/png',
    buffer: screenshot,
  });
  await expectAccessible(page, { include: '.ant-modal' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you: your problem was reported')).toBeVisible();
  await dialog.getByRole('link', { name: 'View the issue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download screen.png' })).toBeVisible();
  const issueId = page.url().split('/issues/')[1] ?? '';
  await expectAccessible(page);
  await expectFitsWidth(page, 390);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The company's admin, in their own browser, finds it among the company's problems and answers.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/issues');
  await adminPage.getByRole('link', { name: title }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await adminPage.getByLabel('Your comment').fill('We are looking at it.');
  await adminPage.getByRole('button', { name: 'Add comment' }).click();
  await expect(adminPage.getByText('We are looking at it.')).toBeVisible();
  // And hands it to a colleague, found by name.
  const assignee = adminPage.getByRole('combobox', { name: 'Assignee' });
  await assignee.click();
  // The options are replaced when the search answers: pick from the answer.
  const searched = adminPage.waitForResponse(
    (response) => response.url().includes('/iamserver/api/v1/users?') && response.url().includes('q=Hal'),
  );
  await assignee.fill('Hal');
  await searched;
  // antd's role=option elements are an invisible copy for screen readers; click the visible item.
  await adminPage.locator('.ant-select-item-option').filter({ hasText: 'Hal Holder' }).click();
  await expect(adminPage.getByText('Assigned to Hal Holder')).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /Assignee/ })).toContainText('Hal Holder');
  await adminContext.close();
  await page.reload();
  await expect(page.getByText('We are looking at it.')).toBeVisible();

  // The member's own list.
  await page.goto('/issues');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page);
  await expectFitsWidth(page, 390);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Cargodesk support, in another browser.
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await signIn(support, demoAccounts.working);
  await support
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Platform console' })
    .click();
  await support
    .getByRole('navigation', { name: 'Platform console' })
    .getByRole('link', { name: 'Reported problems' })
    .click();
  await expect(support).toHaveURL(/\/admin\/issues$/);
  await support.getByLabel('Search problems').fill(title);
  await support.getByRole('button', { name: title }).click();
  const drawer = support.getByRole('dialog', { name: title });
  await expect(drawer.getByText('E2E issues-admin Freight')).toBeVisible();
  await expect(drawer.getByText('We are looking at it.')).toBeVisible();
  await expectAccessible(support, { include: '.ant-drawer' });
  await drawer.getByLabel('Answer as Cargodesk support').fill('Fixed in today’s release.');
  await drawer.getByRole('button', { name: 'Add comment' }).click();
  await expect(drawer.getByText('Fixed in today’s release.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Resolve' }).click();
  await expect(drawer.getByText('Resolved', { exact: true })).toBeVisible();
  await support.keyboard.press('Escape');
  await expectAccessible(support);
  await expectFitsWidth(support, 390);
  await supportContext.close();

  // The reporter hears of it without a reload.
  await page.getByRole('button', { name: 'Notifications' }).first().click();
  await expect(page.getByText(`"${title}" is now resolved`)).toBeVisible({ timeout: 15_000 });
  await page.getByText(`"${title}" is now resolved`).click();
  await expect(page).toHaveURL(new RegExp(`/issues/${issueId}$`));
  await expect(page.getByText('Cargodesk support').first()).toBeVisible();
});
