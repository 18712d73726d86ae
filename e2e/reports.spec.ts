import type { Locator, Page } from '@playwright/test';
import {
  createCompanyUser,
  expect,
  expectAccessible,
  inviteColleague,
  newAppToken,
  signIn,
  test,
  testPassword,
} from './fixtures.ts';

// Report sketches (docs/decisions/019-report-charts.md): an admin builds a grouped bar chart of
// mails by status and shares it; a colleague opens it (run as themselves) and pins it to their
// dashboard. axe on each new screen, and a look at 390 px and 1440 px.

/** Picks `option` in an antd select. */
const choose = async (page: Page, select: Locator, option: string) => {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
};

/** No sideways scrolling of the whole page at this width. */
const expectFitsWidth = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 900 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
};

const sendMails = async (
  request: import('@playwright/test').APIRequestContext,
  token: string,
  count: number,
) => {
  for (let n = 0; n < count; n += 1) {
    const sent = await request.post('/mailserver/api/v1/send', {
      headers: { authorization: token },
      data: { to: [`client${n}@reports.example`], subject: `Rates ${n}` },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
};

/** App settings by API, as the dialog saves them: the user's date format and time zone. */
const setPreferences = async (
  request: import('@playwright/test').APIRequestContext,
  token: string,
  preferences: { dateFormat: string; timeZone: string },
) => {
  const saved = await request.patch('/iamserver/api/v1/users/me/preferences', {
    headers: { authorization: token },
    data: preferences,
  });
  expect(saved.status(), await saved.text()).toBe(200);
};

/** Each row of the table one line high: no cell wraps, letter by letter or at all. */
const expectOneLineRows = async (table: Locator) => {
  const heights = await table
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  for (const height of heights) expect(height).toBeLessThan(48);
};

test('a grouped bar chart of mails by status is built, shared, seen by a colleague and pinned to the dashboard', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'reports-admin' });
  const adminToken = await newAppToken(request, admin);
  await setPreferences(request, adminToken, { dateFormat: 'dd.mm.yyyy', timeZone: 'Europe/Berlin' });
  const member = await inviteColleague(request, adminToken, 'reports-member');
  await sendMails(request, adminToken, 3);
  await sendMails(request, member.jwt, 2);
  const name = `Mails by status ${Date.now()}`;

  await signIn(page, admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();
  await expect(page.getByText('No reports yet')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'New report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New report' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  const result = page.getByRole('region', { name: 'Result' });

  // One row each: a new report ticks every column, and each value reads as the user's settings
  // write it (a status as a word, a moment as dd.mm.yyyy), never as the database stores it.
  await choose(page, page.getByLabel('Source', { exact: true }), 'Users');
  const columns = page.getByRole('group', { name: 'Columns' }).getByRole('checkbox');
  await expect(columns.first()).toBeChecked();
  await expect(result.getByRole('cell', { name: 'Active', exact: true }).first()).toBeVisible();
  await expect(
    result.getByRole('cell', { name: /^\d{2}\.\d{2}\.\d{4}, \d{1,2}:\d{2}(\s[AP]M)?$/ }).first(),
  ).toBeVisible();
  await expect(result.getByRole('cell', { name: /\d{4}-\d{2}-\d{2}|^active$/ })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectOneLineRows(result.getByRole('table'));
  await page.screenshot({ path: testInfo.outputPath('report-users-1440.png'), fullPage: true });
  // On a phone the wide result scrolls inside its card, the page does not.
  await expectFitsWidth(page, 390);
  await expectOneLineRows(result.getByRole('table'));
  await page.screenshot({ path: testInfo.outputPath('report-users-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  // No column ticked asks for one rather than showing them all.
  for (const box of await columns.all()) await box.uncheck();
  await expect(result.getByText('Tick at least one column under Columns to see its rows.')).toBeVisible();
  await expect(result.getByRole('table')).toHaveCount(0);

  await choose(page, page.getByLabel('Source', { exact: true }), 'Mails');
  await choose(page, page.getByLabel('Group by', { exact: true }), 'Status');
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'Bar chart' }).check();
  await expect(result.getByRole('img', { name: /bar chart of Count/ })).toBeVisible();
  await expect(result.getByRole('columnheader', { name: 'Count' })).toBeVisible();
  // The admin's own three mails, whatever their state in the outbox by now.
  await expect
    .poll(async () => {
      const counts = await result.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents();
      return counts.reduce((sum, text) => sum + Number(text), 0);
    })
    .toBe(3);
  await page.getByRole('switch', { name: 'Share with the company' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  await expectAccessible(page);
  await expectFitsWidth(page, 390);
  await page.screenshot({ path: testInfo.outputPath('report-builder-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('report-builder-1440.png'), fullPage: true });

  // The export answers CSV of the same figures.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`${name}.csv`);

  // The colleague, in their own browser, finds it shared and sees it run over their own mails.
  const memberContext = await browser.newContext({ reducedMotion: 'reduce' });
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, { email: member.email, password: testPassword });
  await memberPage.goto('/reports');
  const row = memberPage.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Shared')).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  await expectAccessible(memberPage);
  await expectFitsWidth(memberPage, 390);
  await memberPage.screenshot({ path: testInfo.outputPath('reports-list-390.png'), fullPage: true });
  await memberPage.setViewportSize({ width: 1440, height: 900 });
  await memberPage.screenshot({ path: testInfo.outputPath('reports-list-1440.png'), fullPage: true });
  await row.getByRole('link', { name }).click();
  await expect(memberPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(memberPage.getByText(/Shared by/)).toBeVisible();
  const memberResult = memberPage.getByRole('region', { name: 'Result' });
  await expect(memberResult.getByRole('img', { name: /bar chart/ })).toBeVisible();
  await expect
    .poll(async () => {
      const counts = await memberResult.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents();
      return counts.reduce((sum, text) => sum + Number(text), 0);
    })
    .toBe(2);

  // Pinned, it shows on the colleague's dashboard and leads back to the report.
  await memberPage.getByRole('switch', { name: 'Pin to dashboard' }).click();
  await expect(memberPage.getByRole('switch', { name: 'Pin to dashboard' })).toBeChecked();
  await memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const pinned = memberPage.getByRole('region', { name: 'Pinned reports' });
  await expect(pinned.getByRole('link', { name })).toBeVisible();
  await expect(pinned.getByText('Bar chart')).toBeVisible();
  await expectAccessible(memberPage);
  await pinned.getByRole('link', { name }).click();
  await expect(memberPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await memberContext.close();
});
