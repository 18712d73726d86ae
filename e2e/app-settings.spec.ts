import type { Page } from '@playwright/test';
import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// App settings (the avatar menu): the user's language, time zone, date and number format, kept on
// the server and used at once by every screen that writes a date, without a reload.

// The browser's own settings, which apply until the user chooses.
test.use({ timezoneId: 'UTC', locale: 'en-GB' });

/** Clicks an option of the open select (antd's own list; its hidden listbox holds only a few). */
const pick = (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();

/** "2026-11-25, 08:30": the moment's day as YYYY-MM-DD and its time as en-GB writes it, in `timeZone`. */
const inZone = (iso: string, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}, ${parts.hour}:${parts.minute}`;
};

const chooseOption = async (page: Page, label: string, search: string, option: string | RegExp) => {
  const dialog = page.getByRole('dialog', { name: 'App settings' });
  await dialog.getByLabel(label).click();
  await page.keyboard.type(search);
  await pick(page, option);
};

test('the time zone and date format chosen in App settings rewrite the audit log at once', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'app-settings' });
  await signIn(page, admin, { at: '/settings/audit' });
  const firstTime = page.getByRole('table').locator('time').first();
  await expect(firstTime).toBeVisible();
  const iso = (await firstTime.getAttribute('datetime')) ?? '';
  // Until the user chooses, the browser's locale and zone: en-GB in UTC.
  await expect(firstTime).toHaveText(
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(iso),
    ),
  );

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'App settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'App settings' });
  await expect(dialog.getByLabel('Time zone')).toBeVisible();
  await expect(dialog.getByText('As my browser (UTC)')).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal' });

  await chooseOption(page, 'Time zone', 'Tokyo', /^Asia\/Tokyo/);
  await dialog.getByLabel('Date format').click();
  await pick(page, 'YYYY-MM-DD (2027-01-01)');
  // The example follows the choices before they are saved.
  await expect(dialog.getByText(/^Example: 2027-01-01, 00:45/)).toBeVisible();
  await dialog.getByLabel('Number format').click();
  await pick(page, /^Point thousands, comma decimals/);
  await expect(dialog.getByText('Example: 2027-01-01, 00:45 · 1.234.567,89 · €1.234.567,89')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('App settings saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The screen behind rewrote itself: same moment, the Tokyo day and time, as YYYY-MM-DD.
  await expect(firstTime).toHaveText(inZone(iso, 'Asia/Tokyo'));

  // Kept on the server: a new visit, another screen, the same formats. The newest entry may now be
  // the settings change itself, a minute later than the one read before.
  await page.reload();
  const newest = page.getByRole('table').locator('time').first();
  await expect(newest).toBeVisible();
  const newestIso = (await newest.getAttribute('datetime')) ?? '';
  await expect(newest).toHaveText(inZone(newestIso, 'Asia/Tokyo'));

  // Back to the browser's way: the date is written as before.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'App settings' }).click();
  await chooseOption(page, 'Time zone', 'browser', 'As my browser (UTC)');
  await dialog.getByLabel('Date format').click();
  await pick(page, /^As my browser/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(newest).toHaveText(
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(newestIso),
    ),
  );
});

test('App settings opens from the phone menu and fits 390 px', async ({ page, request }) => {
  const user = await createCompanyUser(request, { label: 'app-settings-phone' });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, user);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'App settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'App settings' });
  await expect(dialog.getByLabel('Language')).toBeVisible();
  await dialog.getByLabel('Language').click();
  await pick(page, 'English (US)');
  await expect(dialog.getByText(/^Example: Dec 31, 2026, 3:45\sPM/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, { include: '.ant-modal' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('App settings saved')).toBeVisible();
});
