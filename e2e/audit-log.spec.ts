import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  createCompanyUser,
  expect,
  expectAccessible,
  identityApiKey,
  inviteColleague,
  newAppToken,
  signIn,
  test,
} from './fixtures.ts';

// The audit log screen (/settings/audit): an admin finds a colleague's failed sign-ins, reads one
// as sentences, exports them, and finds who changed a role's permissions.

/** Picks `option` in the antd select labelled `label`, until the filter is in the address. */
const choose = async (page: Page, label: string, option: string, inUrl: RegExp) => {
  // A click on an option still sliding in can miss it: choose until the filter is in the address.
  await expect(async () => {
    await page.getByLabel(label).click();
    // The options list draws only the rows in view: typing brings the option into it.
    await page.getByLabel(label).fill(option);
    await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
    await expect(page).toHaveURL(inUrl, { timeout: 1_000 });
  }).toPass();
};

/** The YYYY-MM-DD day of a moment in a time zone. */
const isoDayIn = (timeZone: string, at: Date) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(at)
    .map((part) => [part.type, part.value]);
  const { year, month, day } = Object.fromEntries(parts) as Record<string, string>;
  return `${year}-${month}-${day}`;
};
/** A day as the admin's App settings write it: dd/mm/yyyy. */
const settingsDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

test('an admin filters the audit log to a colleague’s failed sign-ins, exports them and finds who changed a role', async ({
  page,
  request,
}) => {
  // Two companies' worth of set-up, three filtered screens, two axe passes, on a shared machine.
  test.setTimeout(120_000);
  const admin = await createCompanyUser(request, { label: 'audit-admin' });
  const token = await newAppToken(request, admin);
  const colleague = await inviteColleague(request, token, 'audit-colleague');

  // A wrong password for the colleague, at the identity provider as the login screen sends it.
  const apiKey = await identityApiKey(request);
  const wrong = await request.post(
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    {
      data: { email: colleague.email, password: 'not-the-password', returnSecureToken: true },
    },
  );
  expect(wrong.status()).toBe(400);

  // A role, then its permissions changed, as the roles screen saves them.
  const created = await request.post('/iamserver/api/v1/roles', {
    headers: { authorization: token },
    data: { name: 'Dispatcher', permissions: ['contacts:read'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data: role } = (await created.json()) as { data: { _id: string } };
  const changed = await request.patch(`/iamserver/api/v1/roles/${role._id}`, {
    headers: { authorization: token },
    data: { permissions: ['contacts:read', 'contacts:write'] },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  const changedAt = new Date();
  // An exchange rate: its event names no record, so the log says which kind, with its article.
  const base = await request.put('/master/api/v1/currency-settings/base', {
    headers: { authorization: token },
    data: { baseCurrency: 'EUR' },
  });
  expect(base.ok(), await base.text()).toBe(true);
  const rate = await request.post('/master/api/v1/exchange-rates', {
    headers: { authorization: token },
    data: { currency: 'JPY', rate: 160.5, effectiveDate: '2026-01-15' },
  });
  expect(rate.status(), await rate.text()).toBe(201);

  // The admin writes days as dd/mm/yyyy (App settings), which the date fields follow.
  const preferred = await request.patch('/iamserver/api/v1/users/me/preferences', {
    headers: { authorization: token },
    data: { dateFormat: 'dd/mm/yyyy' },
  });
  expect(preferred.status(), await preferred.text()).toBe(200);

  await signIn(page, admin, { at: '/settings/profile' });
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/settings\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page).toHaveTitle('Audit log · Cargodesk');
  await expect(page.getByRole('button', { name: /created an exchange rate\.$/ })).toBeVisible();

  // The colleague's failed sign-ins: the account event is written just after the identity answer.
  await choose(page, 'Filter by who acted', 'Hal Holder', /[?&]actorUserId=/);
  await choose(page, 'Filter by action', 'Failed sign-in', /[?&]action=sign-in-failed/);
  const failed = page.getByRole('button', { name: 'Hal Holder tried to sign in with a wrong password.' });
  await expect(async () => {
    await page.reload();
    await expect(failed).toHaveCount(1, { timeout: 2_000 });
  }).toPass();
  await expect(page.getByText('1 event')).toBeVisible();
  await expectAccessible(page);

  await failed.click();
  const drawer = page.getByRole('dialog', { name: 'Audit event' });
  await expect(drawer).toContainText('Hal Holder tried to sign in with a wrong password.');
  await expect(drawer).toContainText(colleague.email);
  await expect(drawer).toContainText('Failed sign-in');
  await expect(drawer).toContainText('127.0.0.1');
  await expectAccessible(page, { include: '.ant-drawer' });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // The export is the current filter, written by the server.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Time (UTC),Actor,Actor email,Actor user id,Action,Entity type,Entity id,IP address,Device,Before,After',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,Hal Holder,${colleague.email},${colleague.userId},sign-in-failed,user,`);

  // Who changed a role that day, in the admin's time zone (App settings), not the browser's: one
  // of the two zones is on another day than the browser at any hour, and its day is the filter's.
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const browserDay = isoDayIn(browserZone, changedAt);
  const timeZone =
    ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => isoDayIn(zone, changedAt) !== browserDay) ??
    'Pacific/Kiritimati';
  const zoned = await request.patch('/iamserver/api/v1/users/me/preferences', {
    headers: { authorization: token },
    data: { timeZone },
  });
  expect(zoned.status(), await zoned.text()).toBe(200);
  const changeDay = isoDayIn(timeZone, changedAt);
  // The filters of the failed sign-ins go first.
  await page.goto('/settings/audit');
  await choose(page, 'Filter by record type', 'Role', /[?&]entityType=role/);
  // Typed with the keyboard in the user's own format, as the field shows it.
  const fromDay = page.getByLabel('From day');
  await expect(fromDay).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await fromDay.click();
  await page.keyboard.type(settingsDay(changeDay));
  await page.keyboard.press('Enter');
  // As a person does, the second day is picked once the first shows in the list's address.
  await expect(page).toHaveURL(new RegExp(`[?&]from=${changeDay}`));
  await expect(fromDay).toHaveValue(settingsDay(changeDay));
  const toDay = page.getByLabel('To day');
  await toDay.click();
  await page.keyboard.type(settingsDay(changeDay));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]from=${changeDay}.*[?&]to=${changeDay}`));
  await expect(toDay).toHaveValue(settingsDay(changeDay));
  const roleChange = page.getByRole('button', {
    name: 'Erin Tester changed the role “Dispatcher”: added “contacts:write” to the permissions.',
  });
  await expect(roleChange.first()).toBeVisible();
  await roleChange.first().click();
  await expect(
    drawer.getByRole('row', { name: /permissions.*contacts:read.*contacts:read, contacts:write/ }),
  ).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  // The browser's day of the change is another day where the admin lives: nothing on it.
  await page.goto(`/settings/audit?entityType=role&from=${browserDay}&to=${browserDay}`);
  await expect(page.getByText('No events match your search or filters.')).toBeVisible();

  // The export itself is on the trail.
  await page.goto('/settings/audit?action=export');
  await expect(
    page.getByRole('button', { name: 'Erin Tester exported the audit log as CSV.' }),
  ).toBeVisible();

  // On a phone each event is a card, the seven filters fold behind one button and the export
  // into the actions menu: the first event shows without scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/audit?action=export');
  const events = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
  await expect(events.first()).toBeInViewport();
  await expect(events.first()).toContainText('exported the audit log as CSV');
  await expect(page.getByRole('combobox', { name: 'Filter by action' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filter events' });
  // The day fields say which end of the range they are.
  await expect(sheet.getByText('From', { exact: true })).toBeVisible();
  await expect(sheet.getByText('To', { exact: true })).toBeVisible();
  await expectAccessible(page, { include: '.ant-drawer' });
  await sheet.getByRole('button', { name: 'Clear filters' }).click();
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/audit$/);
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Export CSV' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});

test('the audit log is the admins’: a Member neither sees the link nor reads the screen', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'audit-owner' });
  const token = await newAppToken(request, admin);
  const colleague = await inviteColleague(request, token, 'audit-viewer');
  // The invited colleague holds the Member role by default, which has no audit:read.
  await signIn(page, { email: colleague.email, password: admin.password }, { at: '/settings/profile' });
  await expect(
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit log' }),
  ).toHaveCount(0);
  await page.goto('/settings/audit');
  await expect(page.getByText("Your roles do not let you see your company's audit log.")).toBeVisible();
  await expectAccessible(page);
});
