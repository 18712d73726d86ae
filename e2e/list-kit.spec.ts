import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  createCompanyUser,
  expect,
  expectAccessible,
  newAppToken,
  signIn,
  test,
  uniqueEmail,
} from './fixtures.ts';

// The list-screen kit as the users list uses it: search, sort and page live in the URL, and the
// CSV export holds every row of the current search, across pages.
test.describe.configure({ timeout: 120_000 });

const invite = async (page: Page, { email, firstName }: { email: string; firstName: string }) => {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill('Kitson');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
};

test('search, sort and page survive a reload and back; the CSV export holds the filtered rows', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'list-kit' });
  await signIn(page, admin);
  // One row a page, so two matches make two pages.
  await page.goto('/settings/users?pageSize=1&sort=name');
  const first = uniqueEmail('kit-anna');
  const second = uniqueEmail('kit-bert');
  await invite(page, { email: first, firstName: 'Anna' });
  await invite(page, { email: second, firstName: 'Bert' });

  await page.getByLabel('Search users').fill('Kitson');
  await expect(page).toHaveURL(/[?&]q=Kitson/);
  await expect(page.getByText('2 users', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: first })).toBeVisible();
  await page.getByRole('listitem', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('row').filter({ hasText: second })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Search users')).toHaveValue('Kitson');
  await expect(page.getByText('2 users', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: second })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: first })).toHaveCount(0);

  await page.goBack();
  await expect(page.getByRole('row').filter({ hasText: first })).toBeVisible();
  await expect(page.getByLabel('Search users')).toHaveValue('Kitson');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('users.csv');
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Name,Email,Roles,Status,Last sign-in,Invited,Added');
  expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([first, second]);
  expect(csv).not.toContain(admin.email);
});

test('on a 390 px phone the users list shows cards, folds its filters behind one button and passes axe', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'list-kit-narrow' });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, admin, { at: '/settings/users' });
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
  // Each user a card with the facts a row has: e-mail, roles, status, and no sideways scroll.
  const card = page
    .getByRole('list', { name: 'Users' })
    .getByRole('listitem')
    .filter({ hasText: admin.email });
  await expect(card).toBeInViewport();
  await expect(card.getByText('Admin', { exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  for (const control of [
    page.getByLabel('Search users'),
    page.getByRole('button', { name: 'Filters' }),
    page.getByRole('button', { name: 'Invite user' }),
    page.getByRole('button', { name: 'More actions' }),
  ]) {
    const box = await control.boundingBox();
    expect(
      box && box.x >= 0 && box.x + box.width <= 390,
      `${await control.textContent()} fits: ${JSON.stringify(box)}`,
    ).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // The filters and the sort open in a sheet; the button then says how many filters are set.
  await page.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filter users' });
  await expect(async () => {
    await sheet.getByLabel('Filter by status').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Suspended', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=suspended/, { timeout: 1_000 });
  }).toPass();
  await expect(async () => {
    await sheet.getByLabel('Sort by').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Name, descending', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=-name/, { timeout: 1_000 });
  }).toPass();
  await expectAccessible(page, { include: '.ant-drawer' });
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(page.getByText('No users match your search or filters.')).toBeVisible();
});

test('countries keep their page and filter over a reload, and export all 250 rows across pages', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'list-kit-countries' });
  await signIn(page, admin, { at: '/settings/countries' });
  await expect(page.getByText('250 countries')).toBeVisible();
  await page.getByRole('listitem', { name: '3', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=3/);
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('In use', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]show=enabled/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await page.getByRole('listitem', { name: '2', exact: true }).click();

  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Show' }).getByRole('radio', { name: 'In use', exact: true }),
  ).toBeChecked();
  await expect(page.getByRole('listitem', { name: '2', exact: true })).toHaveClass(
    /ant-pagination-item-active/,
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await downloading).path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(251);
  expect(lines[0]).toBe('\uFEFFCountry,Code,Alpha-3,Calling code,Currency,Region,In use,Favourite');
  expect(lines.filter((line) => line.startsWith('Norway,NO,'))).toHaveLength(1);
});

test('picked users are suspended together after a confirmation; yourself cannot be picked', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'list-kit-bulk' });
  await signIn(page, admin, { at: '/settings/users' });
  const first = uniqueEmail('bulk-anna');
  const second = uniqueEmail('bulk-bert');
  await invite(page, { email: first, firstName: 'Anna' });
  await invite(page, { email: second, firstName: 'Bert' });

  await expect(page.getByRole('row').filter({ hasText: admin.email }).getByRole('checkbox')).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select Anna Kitson' }).check();
  await page.getByRole('checkbox', { name: 'Select Bert Kitson' }).check();
  const bar = page.getByRole('region', { name: 'Selected rows' });
  await expect(bar.getByText('2 users selected')).toBeVisible();
  await expectAccessible(page);

  await bar.getByRole('button', { name: 'Suspend', exact: true }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Suspend 2 users?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('2 users are suspended')).toBeVisible();
  await expect(bar).toBeHidden();
  for (const email of [first, second]) {
    await expect(page.getByRole('row').filter({ hasText: email }).getByText('Suspended')).toBeVisible();
  }
  await expect(page.getByRole('row').filter({ hasText: admin.email }).getByText('Active')).toBeVisible();

  // Picked again, they are reactivated together (no confirmation: nothing is lost).
  await page.getByRole('checkbox', { name: 'Select Anna Kitson' }).check();
  await page.getByRole('checkbox', { name: 'Select Bert Kitson' }).check();
  await bar.getByRole('button', { name: 'Reactivate', exact: true }).click();
  await expect(page.getByText('2 users can sign in again')).toBeVisible();
  for (const email of [first, second]) {
    await expect(page.getByRole('row').filter({ hasText: email }).getByText('Suspended')).toHaveCount(0);
  }

  // And deleted together, after a confirmation.
  await page.getByRole('checkbox', { name: 'Select Anna Kitson' }).check();
  await page.getByRole('checkbox', { name: 'Select Bert Kitson' }).check();
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const deleting = page.getByRole('tooltip').filter({ hasText: 'Delete 2 users?' });
  await deleting.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 users deleted')).toBeVisible();
  for (const email of [first, second])
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('picked ports are marked as favourites together, and unmarked', async ({ page, request }) => {
  const admin = await createCompanyUser(request, { label: 'list-kit-favourites' });
  await signIn(page, admin, { at: '/settings/oceanport?q=rotterdam' });
  const rows = page.getByRole('row').filter({ has: page.getByRole('checkbox') });
  await expect(rows.first()).toBeVisible();
  const picked = ['Select Rotterdam (NLRTM)'];
  await page.getByRole('checkbox', { name: picked[0] }).check();
  const bar = page.getByRole('region', { name: 'Selected rows' });
  await expect(bar.getByText('1 ocean port selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByText('1 ocean port added to favourites')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove NLRTM from favourites' })).toBeVisible();

  await page.getByRole('checkbox', { name: picked[0] }).check();
  await bar.getByRole('button', { name: 'Remove from favourites' }).click();
  await expect(page.getByText('1 ocean port removed from favourites')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add NLRTM to favourites' })).toBeVisible();
});

test('the Sent list in the mail modal searches and filters in place and exports what it shows', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'list-kit-sent' });
  const token = await newAppToken(request, user);
  for (const subject of ['Invoice March', 'Invoice April', 'Manifest 42']) {
    const sent = await request.post('/mailserver/api/v1/send', {
      headers: { authorization: token },
      data: { to: [`${subject.split(' ')[0]?.toLowerCase()}@client.test`], subject },
    });
    expect(sent.status()).toBe(201);
  }
  await signIn(page, user);
  const url = page.url();
  await page.getByRole('button', { name: 'Mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mail composer' });
  await dialog.getByRole('tab', { name: 'Sent' }).click();
  // The navbar's Mail button is for wider screens; the open modal is checked at 390 px, as cards.
  await page.setViewportSize({ width: 390, height: 844 });
  const mails = dialog.getByRole('list', { name: 'Sent mail' }).getByRole('listitem');
  await expect(mails.filter({ hasText: 'Manifest 42' })).toBeVisible();

  await dialog.getByLabel('Search sent mail').fill('invoice');
  await expect(mails.filter({ hasText: 'Manifest 42' })).toBeHidden();
  await expect(mails.filter({ hasText: 'Invoice' })).toHaveCount(2);
  // The modal opens over any page: its search is its own, the page's address stays as it was.
  expect(page.url()).toBe(url);
  await expect(mails.filter({ hasText: 'Invoice March' }).getByText('sent', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expectAccessible(page, { include: '.ant-modal' });

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Export CSV' }).click();
  const csv = (await readFile(await (await downloading).path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Subject,To,Cc,Bcc,Status,Reason,Attachments,Created,Sent');
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual(['Invoice April', 'Invoice March']);

  await dialog.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filter mails' });
  await sheet.getByLabel('Filter by status').click();
  await page.locator('.ant-select-dropdown:visible').getByText('failed', { exact: true }).click();
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(dialog.getByText('No sent mail matches your search.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  const search = await dialog.getByRole('search', { name: 'Find sent mail' }).boundingBox();
  expect(search && search.x >= 0 && search.x + search.width <= 390, `fits: ${JSON.stringify(search)}`).toBe(
    true,
  );
});

test('picklists keep the picked list and its search in the URL, export what the search shows, and reorder once it is cleared', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'list-kit-picklists' });
  await signIn(page, admin, { at: '/settings/picklist' });
  await page
    .getByRole('navigation', { name: 'Picklists of this module' })
    .getByText('Preferred language')
    .click();
  await expect(page).toHaveURL(/[?&]list=prefered_language/);
  const values = page.getByRole('region', { name: 'Preferred language' });
  await values.getByLabel('Search this picklist').fill('an');
  await expect(page).toHaveURL(/[?&]q=an/);
  // Spanish, German and Italian (and the header row); positions stay those of the whole list.
  await expect(values.getByRole('row')).toHaveCount(4);
  await expect(values.getByRole('button', { name: /^Move/ })).toHaveCount(0);
  await expect(values.getByText('Clear the search to reorder.')).toBeVisible();

  await page.reload();
  await expect(values.getByLabel('Search this picklist')).toHaveValue('an');
  await expect(values.getByRole('row').nth(1)).toContainText('Spanish');
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await values.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('picklist-prefered_language.csv');
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.trimEnd().split('\r\n')).toEqual([
    'Position,Label,Value code,Active,Colour',
    '2,Spanish,es,yes,',
    '4,German,de,yes,',
    '6,Italian,it,yes,',
  ]);

  await values.getByLabel('Search this picklist').fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await values.getByRole('button', { name: 'Move Spanish up' }).click();
  await expect(values.getByRole('row').nth(1)).toContainText('Spanish');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(values.getByLabel('Search this picklist')).toBeVisible();
  await expectAccessible(page);
});

/** The rows of a downloaded CSV after its header, first cells only. */
const exportedNames = async (page: Page, fileName: string) => {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  return csv
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[0]);
};

test('roles and groups search, sort and export on the server; the tab and its list survive a reload', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'list-kit-roles' });
  const token = await newAppToken(request, admin);
  const create = async (path: string, data: object) => {
    const response = await request.post(`/iamserver/api/v1${path}`, {
      headers: { authorization: token },
      data,
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await create('/roles', { name: 'Harbour desk', description: 'Quay work', permissions: [] });
  await create('/roles', { name: 'Customs', description: 'Harbour paperwork', permissions: [] });
  await create('/roles', { name: 'Accounts', permissions: [] });
  await create('/groups', { name: 'Rotterdam desk' });
  await create('/groups', { name: 'Hamburg desk' });
  await create('/groups', { name: 'Finance' });

  await signIn(page, admin, { at: '/settings/roles' });
  const rolesPanel = page.getByRole('tabpanel', { name: 'Roles' });
  await expect(rolesPanel.getByText('6 roles', { exact: true })).toBeVisible();
  await rolesPanel.getByLabel('Search roles').fill('harbour');
  await expect(page).toHaveURL(/[?&]q=harbour/);
  await expect(rolesPanel.getByText('2 roles', { exact: true })).toBeVisible();
  await rolesPanel.getByRole('columnheader', { name: 'Name' }).click();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await expect(rolesPanel.getByRole('link')).toHaveText(['Customs', 'Harbour desk']);

  // The role's modal keeps the list behind it, and closing it returns to the same search.
  await rolesPanel.getByRole('link', { name: 'Customs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit role: Customs' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/settings\/roles\?.*q=harbour/);
  await page.reload();
  await expect(rolesPanel.getByLabel('Search roles')).toHaveValue('harbour');
  await expect(rolesPanel.getByRole('link')).toHaveText(['Customs', 'Harbour desk']);
  expect(await exportedNames(page, 'roles.csv')).toEqual(['Customs', 'Harbour desk']);

  // The other tab starts afresh, and says so in the URL.
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(page).toHaveURL(/[?&]tab=groups/);
  await expect(page).not.toHaveURL(/[?&]q=/);
  const groupsPanel = page.getByRole('tabpanel', { name: 'Groups' });
  await expect(groupsPanel.getByText('3 groups', { exact: true })).toBeVisible();
  await groupsPanel.getByLabel('Search groups').fill('desk');
  await expect(page).toHaveURL(/[?&]q=desk/);
  const nameHeader = groupsPanel.getByRole('columnheader', { name: 'Name' });
  // Each click turns the order once the last one has landed in the address.
  await nameHeader.click();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await nameHeader.click();
  await expect(page).toHaveURL(/[?&]sort=-name/);
  const groupNames = groupsPanel.getByRole('button', { name: /^\w+ desk$/ });
  await expect(groupNames).toHaveText(['Rotterdam desk', 'Hamburg desk']);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Groups', selected: true })).toBeVisible();
  await expect(groupsPanel.getByLabel('Search groups')).toHaveValue('desk');
  await expect(groupNames).toHaveText(['Rotterdam desk', 'Hamburg desk']);
  expect(await exportedNames(page, 'groups.csv')).toEqual(['Rotterdam desk', 'Hamburg desk']);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(groupsPanel.getByLabel('Search groups')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});

test('ports and currencies keep their search in the URL over a reload and export what it finds', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'list-kit-ports' });
  await signIn(page, admin, { at: '/settings/oceanport' });
  await page.getByLabel('Search ocean ports').fill('rotterdam');
  await expect(page).toHaveURL(/[?&]q=rotterdam/);
  await expect(page.getByRole('row').filter({ hasText: 'NLRTM' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Search ocean ports')).toHaveValue('rotterdam');
  const ports = await exportedNames(page, 'oceanports.csv');
  expect(ports).toContain('NLRTM');
  expect(ports).not.toContain('DEHAM');

  await page.goto('/settings/currencies');
  await page.getByLabel('Search currencies').fill('krone');
  await expect(page).toHaveURL(/[?&]q=krone/);
  await page.reload();
  await expect(page.getByLabel('Search currencies')).toHaveValue('krone');
  await expect(page.getByRole('row').filter({ hasText: 'NOK' })).toBeVisible();
  const currencies = await exportedNames(page, 'currencies.csv');
  expect(currencies).toEqual(expect.arrayContaining(['DKK', 'NOK']));
  expect(currencies).not.toContain('EUR');
});
