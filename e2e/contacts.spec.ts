import { readFile } from 'node:fs/promises';
import { constants } from '@cargodesk/shared';
import type { Locator, Page } from '@playwright/test';
import {
  createCompanyUser,
  expect,
  expectAccessible,
  inviteColleague,
  signIn,
  test,
  testPassword,
} from './fixtures.ts';
import { workbookOf } from './workbook.ts';

// Issue 15: contacts — an organisation with a person, tags, a misspelt search, bulk tagging, the
// duplicate warning and the CSV export of a filter.

/** Picks `option` in an antd select, typing to find it first. */
const choose = async (page: Page, select: Locator, option: string) => {
  await select.click();
  await select.pressSequentially(option.slice(0, 6));
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
};

test('an organisation and its person are created, tagged, found by a misspelt name and exported', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'contacts' });
  await signIn(page, admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeVisible();
  await expect(
    page.getByText('No contacts yet. Add your first customer or carrier with New contact.'),
  ).toBeVisible();
  await expectAccessible(page);

  // A tag to give them.
  await page.getByRole('button', { name: 'Tags' }).click();
  const tagsDialog = page.getByRole('dialog', { name: 'Contact tags' });
  await tagsDialog.getByLabel('Name').fill('Key account');
  await tagsDialog.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText('Key account added')).toBeVisible();
  await expect(tagsDialog.getByText('0 contacts')).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal' });
  await tagsDialog.getByRole('button', { name: 'Close' }).click();

  // The organisation.
  await page.getByRole('button', { name: 'New contact' }).click();
  const form = page.getByRole('dialog', { name: 'New contact' });
  await form.getByLabel('Name', { exact: true }).fill('Nordhafen Logistik GmbH');
  await form.getByLabel('E-mail 1', { exact: true }).fill('ops@nordhafen.example');
  await choose(page, form.getByLabel('Roles'), 'Customer');
  await form.getByRole('button', { name: 'Add an address' }).click();
  await form.getByLabel('City').fill('Hamburg');
  await choose(page, form.getByLabel('Country'), 'Germany (DE)');
  await form.getByLabel('Port or airport code').fill('deham');
  await form.getByLabel('Tax or VAT number').fill('DE 811 234 567');
  await choose(page, form.getByLabel('Tags'), 'Key account');
  // A wrong e-mail is refused in the form, in words.
  await form.getByRole('button', { name: 'Add an e-mail' }).click();
  await form.getByLabel('E-mail 2', { exact: true }).fill('not an address');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form.getByText('The e-mail must be an email address')).toBeVisible();
  await form.getByRole('button', { name: 'Remove e-mail 2' }).click();
  await expectAccessible(page, { include: '.ant-modal' });
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByText('Nordhafen Logistik GmbH added')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nordhafen Logistik GmbH' })).toBeVisible();
  await expect(page.getByText('Served by DEHAM')).toBeVisible();
  await expect(page.getByText(`Nobody at Nordhafen Logistik GmbH yet.`)).toBeVisible();
  await expectAccessible(page);

  // Its person, added from its page.
  await page.getByRole('button', { name: 'Add a person' }).click();
  const personForm = page.getByRole('dialog', { name: 'New contact' });
  await personForm.getByLabel('Name', { exact: true }).fill('Jana Petersen');
  await personForm.getByLabel('Job title').fill('Import manager');
  await personForm.getByLabel('E-mail 1', { exact: true }).fill('jana@nordhafen.example');
  await personForm.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jana Petersen' })).toBeVisible();
  await page.getByRole('link', { name: 'Nordhafen Logistik GmbH' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Jana Petersen' })).toContainText(
    'Import manager',
  );

  // The same e-mail again is a warning before anything is saved.
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'New contact' }).click();
  const again = page.getByRole('dialog', { name: 'New contact' });
  await again.getByLabel('E-mail 1', { exact: true }).fill('OPS@nordhafen.example');
  await expect(again.getByText('This may be a contact you already have')).toBeVisible();
  await expect(again.getByRole('link', { name: 'Nordhafen Logistik GmbH' })).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  // Found by a misspelt name; the organisation's name is in Jana's e-mail, so she is found by it too.
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await page.getByLabel('Search contacts').fill('Jana Petersn');
  await expect(page).toHaveURL(/[?&]q=Jana/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Jana Petersen');
  await expect(rows.first()).toContainText('Nordhafen Logistik GmbH');
  await page.getByLabel('Search contacts').fill('Nordhafn');
  await expect(page).toHaveURL(/[?&]q=Nordhafn/);
  await expect(rows).toHaveCount(2);
  // Rows are picked once the list has settled: a new search starts with none picked.
  await page.getByLabel('Search contacts').fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);

  // Jana gets the tag too, in bulk; the tag filter then shows both.
  await expect(rows).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select Jana Petersen' }).check();
  await page.getByRole('button', { name: 'Add a tag…' }).click();
  const bulkDialog = page.getByRole('dialog', { name: 'Add a tag to 1 contact' });
  await choose(page, bulkDialog.getByLabel('Tag'), 'Key account');
  await bulkDialog.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText('Key account added to 1 contact')).toBeVisible();
  await expect(async () => {
    await page.getByLabel('Filter by tag').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Key account', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]tagId=/, { timeout: 1_000 });
  }).toPass();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Jana Petersen' })).toContainText('Key account');

  // The filter exported as CSV.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'Name,Kind,Organisation,Roles,E-mail,Phone,City,Country,Tax number,Tags,Owner,Added,Last change',
  );
  // In the order they were added.
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
    'Nordhafen Logistik GmbH,organisation,',
    'Jana Petersen,person,Nordhafen Logistik GmbH',
  ]);

  // The composer suggests the contact's address beside colleagues'.
  await page.getByRole('button', { name: 'Mail' }).click();
  const composer = page.getByRole('dialog', { name: 'Mail composer' });
  await composer.getByLabel('To', { exact: true }).pressSequentially('jana');
  await page
    .locator('.ant-select-dropdown:visible')
    .getByText('Jana Petersen <jana@nordhafen.example> · contact', { exact: true })
    .click();
  await expect(composer.locator('.ant-select-content .ant-tag')).toHaveText([
    'Jana Petersen <jana@nordhafen.example>',
  ]);
  await composer.getByLabel('Subject').fill('Your containers arrive next week');
  await composer.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Your mail is on its way.')).toBeVisible();
  await composer.getByRole('button', { name: 'Close' }).click();
  await expect(composer).toBeHidden();
  // Her page lists it.
  await page.getByRole('link', { name: 'Jana Petersen' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your mails to Jana Petersen' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Your containers arrive next week' }),
  ).toBeVisible();
  await page.goto('/contacts');

  // On a phone the list still fits: the first contact shows before the fold, the new contact form
  // fills the screen with its save action in view, and the menu reaches the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('list', { name: 'Contacts' }).getByRole('listitem').first()).toBeInViewport();
  await page.getByRole('button', { name: 'New contact' }).click();
  const newContactForm = page.getByRole('dialog', { name: 'New contact' });
  await expect(newContactForm.getByRole('button', { name: 'Add contact' })).toBeInViewport();
  expect((await newContactForm.boundingBox())?.width).toBe(390);
  // No e-mail is needed: the form's own empty e-mail line and an empty phone line are left out,
  // while a line with only a label asks for its value.
  await newContactForm.getByLabel('Name', { exact: true }).fill('Elbe Pilot Service');
  await expect(newContactForm.getByLabel('E-mail 1', { exact: true })).toHaveValue('');
  await newContactForm.getByRole('button', { name: 'Add a phone' }).click();
  await newContactForm.getByLabel('Phone 1 label').fill('Night desk');
  await newContactForm.getByRole('button', { name: 'Add contact' }).click();
  await expect(newContactForm.getByText('Please enter the number, or remove the line.')).toBeVisible();
  await newContactForm.getByLabel('Phone 1 label').fill('');
  await expect(newContactForm.getByText('Please enter the number, or remove the line.')).toBeHidden();
  await newContactForm.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByText('Elbe Pilot Service added')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Elbe Pilot Service' })).toBeVisible();
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Contacts' }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('a CSV is imported with its columns matched, and the refused rows come back as a file', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'contacts-import' });
  await signIn(page, admin, { at: '/contacts' });
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  await expectAccessible(page, { include: '.ant-modal' });
  const file = [
    'Firma;Mail;Stadt;Land;Rolle',
    'Elbe Spedition;info@elbe.example;Hamburg;DE;Carrier',
    'Weser Handel;not-an-address;Bremen;DE;Customer',
    'Rhein Agentur;rhein@agentur.example;Köln;Germany;Agent',
    'Main Logistik;main@logistik.example;Frankfurt;Narnia;',
  ].join('\r\n');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'kunden.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file, 'utf8'),
  });
  await expect(dialog.getByText('kunden.csv · 4 rows · UTF-8')).toBeVisible();
  // "Firma" and "Land" are not guessed: the user says where they go.
  const fieldFor = (header: string) => dialog.getByRole('combobox', { name: `Field for ${header}` });
  // The field chosen shows in the column's row.
  const rowOf = (header: string) =>
    dialog.getByRole('row').filter({ has: page.getByRole('combobox', { name: `Field for ${header}` }) });
  await expect(rowOf('Mail')).toContainText('E-mail');
  await expect(rowOf('Firma')).toContainText('Skip this column');
  for (const [header, field] of [
    ['Firma', 'Name'],
    ['Stadt', 'City'],
    ['Land', 'Country'],
    ['Rolle', 'Roles'],
  ] as const) {
    await choose(page, fieldFor(header), field);
    await expect(rowOf(header)).toContainText(field);
  }
  await expectAccessible(page, { include: '.ant-modal' });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('2 rows are not imported.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /^3 / })).toContainText(
    'The e-mail "not-an-address" must be an email address',
  );
  await expect(dialog.getByRole('row', { name: /^5 / })).toContainText('The country "Narnia" is unknown');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the refused rows' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('kunden-refused.csv');
  const refused = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(refused).toEqual([
    'Firma,Mail,Stadt,Land,Rolle,Line,Why it was refused',
    'Weser Handel,not-an-address,Bremen,DE,Customer,3,"The e-mail ""not-an-address"" must be an email address"',
    'Main Logistik,main@logistik.example,Frankfurt,Narnia,,5,"The country ""Narnia"" is unknown"',
  ]);
  await expectAccessible(page, { include: '.ant-modal' });

  await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(page.getByText('2 contacts added, 0 updated, 2 refused')).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Rhein Agentur' })).toContainText('Agent');
  await expect(rows.filter({ hasText: 'Elbe Spedition' })).toContainText('Carrier');

  // The next import of the same columns starts from this mapping.
  await page.getByRole('button', { name: 'Import' }).click();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'more.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Firma;Land\r\nOder Transport;PL\r\n', 'utf8'),
  });
  await expect(rowOf('Firma')).toContainText('Name');
  await expect(rowOf('Land')).toContainText('Country');
});

test('an Excel workbook is imported from its first sheet, and a broken one is refused in words', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'contacts-workbook' });
  await signIn(page, admin, { at: '/contacts' });
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  const chooseFile = (name: string, buffer: Buffer) =>
    dialog.locator('input[type=file]').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });

  await chooseFile('broken.xlsx', Buffer.from('not a workbook at all'));
  await expect(dialog.getByRole('alert')).toContainText(
    'This workbook cannot be read. Open it in your spreadsheet, save it as "CSV UTF-8" and import that.',
  );

  await chooseFile(
    'kunden.xlsx',
    workbookOf([
      ['Name', 'E-mail', 'Phone', 'Country'],
      ['Elbe "Nord", Spedition', 'info@elbe-nord.example', 4940123456, 'DE'],
      ['Weser Handel', 'weser@handel.example', '+49 421 555', 'DE'],
    ]),
  );
  await expect(dialog.getByText('kunden.xlsx · 2 rows · Excel workbook, first sheet')).toBeVisible();
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(page.getByText('2 contacts added, 0 updated')).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  // A text cell with quotes and a comma, and a number cell, arrive as they were in the sheet.
  await expect(rows.filter({ hasText: 'Elbe "Nord", Spedition' })).toContainText('4940123456');
  await expect(rows.filter({ hasText: 'Weser Handel' })).toContainText('+49 421 555');
});

test('a filter saved as shared shows for a colleague, who opens its contacts with it', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'contacts-filters' });
  await signIn(page, admin);
  const token =
    (await page.context().cookies()).find(({ name }) => name === constants.tokenCookieName)?.value ?? '';
  for (const [name, roles] of [
    ['Baltic Carrier Lines', ['carrier']],
    ['Harbour Customer Ltd', ['customer']],
  ] as const) {
    const created = await request.post('/contactserver/api/v1/contacts', {
      headers: { authorization: token },
      data: { kind: 'organisation', name, roles },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.goto('/contacts');
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Save filter' })).toBeDisabled();
  await expect(async () => {
    await page.getByLabel('Filter by role').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Carrier', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]role=carrier/, { timeout: 1_000 });
  }).toPass();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Save filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this filter' });
  await dialog.getByLabel('Name').fill('Our carriers');
  await dialog.getByText('Share with everyone in the company').click();
  await expectAccessible(page, { include: '.ant-modal' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Our carriers saved')).toBeVisible();

  // A colleague (a Member) finds it among the saved filters and sees what it finds.
  const colleague = await inviteColleague(request, token, 'contacts-colleague');
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const other = await context.newPage();
  await signIn(other, { email: colleague.email, password: testPassword });
  await other.goto('/contacts');
  const otherRows = other.getByRole('row').filter({ has: other.getByRole('cell') });
  await expect(otherRows).toHaveCount(2);
  await other.getByLabel('Saved filters').click();
  await other
    .locator('.ant-select-dropdown:visible')
    .getByText('Our carriers (Erin Tester)', { exact: true })
    .click();
  await expect(other).toHaveURL(/[?&]role=carrier/);
  await expect(otherRows).toHaveCount(1);
  await expect(otherRows.first()).toContainText('Baltic Carrier Lines');
  await context.close();
});
