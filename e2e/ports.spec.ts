import { demoPassword, platformAdminEmail } from '../playwright.config.ts';
import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Ports and airports (/settings/{port}): the catalogues searched on the server, details with
// coordinates, favourites and the company's own entries.

test('finds an ocean port by its UN/LOCODE, shows its details and marks it as a favourite', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'ports' });
  await signIn(page, admin, { at: '/settings/oceanport' });
  await expect(page.getByRole('heading', { level: 2, name: 'Ocean ports' })).toBeVisible();
  await expect(page.getByText(/1,5\d\d ocean ports/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Search ocean ports' }).fill('NLRTM');
  const rotterdam = page.getByRole('row', { name: /NLRTM/ });
  await expect(rotterdam).toBeVisible();
  await expect(rotterdam).toContainText('Rotterdam');
  await expect(rotterdam).toContainText('Netherlands (NL)');
  await expect(page.getByText('1 ocean port', { exact: true })).toBeVisible();

  await rotterdam.getByRole('button', { name: 'NLRTM', exact: true }).click();
  const details = page.getByRole('dialog', { name: /Rotterdam \(NLRTM\)/ });
  await expect(details).toBeVisible();
  await expect(details.getByText(/51\.\d{4}° N/)).toBeVisible();
  await expect(details.getByText(/4\.\d{4}° E/)).toBeVisible();
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Add NLRTM to favourites' }).click();
  await expect(details.getByRole('button', { name: 'Remove NLRTM from favourites' })).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('textbox', { name: 'Search ocean ports' }).fill('');
  await page.getByRole('switch', { name: 'Favourites only' }).click();
  await expect(page.getByText('1 ocean port', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /NLRTM/ })).toBeVisible();
});

test('adds a custom airport and finds it beside the catalogue', async ({ page, request }) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'airports' });
  await signIn(page, admin, { at: '/settings/airport' });
  await expect(page.getByRole('heading', { level: 2, name: 'Airports' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search airports' }).fill('LHR');
  await expect(page.getByRole('row', { name: /LHR/ }).first()).toContainText('EGLL');

  await page.getByRole('button', { name: 'Add airport' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add airport' });
  await expect(dialog.getByLabel('Code')).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Please enter the code.')).toBeVisible();
  // The server's own checks, in its words: an airport code is IATA or ICAO; a name has a limit.
  await dialog.getByLabel('Code').fill('LH');
  await dialog.getByLabel('Name').fill('H'.repeat(121));
  await dialog.getByLabel('Latitude').fill('91');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(
    dialog.getByText('The code must be a three-letter IATA code or a four-character ICAO code'),
  ).toBeVisible();
  await expect(dialog.getByText('The name must be at most 120 characters')).toBeVisible();
  await expect(dialog.getByText('Latitude must be between -90 and 90')).toBeVisible();
  await dialog.getByLabel('Code').fill('LHR');
  await dialog.getByLabel('Name').fill('Harbour Heliport');
  await dialog.getByLabel('City').fill('Rotterdam');
  await dialog.getByLabel('Country').fill('Netherlands');
  await dialog.getByLabel('Country').press('Enter');
  await expect(dialog.locator('.ant-form-item', { hasText: 'Country' })).toContainText('Netherlands (NL)');
  await dialog.getByLabel('Latitude').fill('51.9');
  await dialog.getByLabel('Longitude').fill('4.48');
  await dialog.getByRole('button', { name: 'Add' }).click();
  // LHR is Heathrow's: the server refuses it and the form says so.
  await expect(dialog.getByText('LHR already exists')).toBeVisible();
  await dialog.getByLabel('Code').fill('QQZ');
  // Enter in a field adds it, as the button does.
  await dialog.getByLabel('Code').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Harbour Heliport (QQZ) added')).toBeVisible();

  // The search for LHR would hide it: the list now shows what was added, found by its code.
  await expect(page.getByRole('textbox', { name: 'Search airports' })).toHaveValue('QQZ');
  await expect(page).toHaveURL(/[?&]q=QQZ/);
  const own = page.getByRole('row', { name: /QQZ/ });
  await expect(own).toContainText('Harbour Heliport');
  await expect(own).toContainText('Own');
  await expect(page.getByText('1 airport', { exact: true })).toBeVisible();
  await own.getByRole('button', { name: 'QQZ', exact: true }).click();
  const details = page.getByRole('dialog', { name: /Harbour Heliport \(QQZ\)/ });
  await expect(details.getByText('51.9000° N')).toBeVisible();
  await expect(details.getByText('Your company’s entry')).toBeVisible();

  // The company's own entry can be corrected; its code is its key and stays.
  await details.getByRole('button', { name: 'Edit entry' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit QQZ' });
  await expect(editor.getByLabel('Code')).toHaveAttribute('readonly', '');
  await expect(editor.getByLabel('Name')).toHaveValue('Harbour Heliport');
  await editor.getByLabel('Name').fill('');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Please enter the name.')).toBeVisible();
  await editor.getByLabel('Name').fill('Maasvlakte Heliport');
  await editor.getByLabel('Name').press('Enter');
  await expect(editor).toBeHidden();
  await expect(page.getByText('Maasvlakte Heliport (QQZ) saved')).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Maasvlakte Heliport \(QQZ\)/ })).toBeVisible();
});

test('the old ports segment and the switcher lead to the right catalogue', async ({ page, request }) => {
  const admin = await createCompanyUser(request, { label: 'ports-readonly' });
  await signIn(page, admin, { at: '/settings/ports' });
  // The old segment lands on the ocean ports.
  await expect(page).toHaveURL(/\/settings\/oceanport$/);
  await page.getByRole('search').getByText('Airports', { exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/airport$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Airports' })).toBeVisible();
});

test('imports a UN/LOCODE CodeList, reviews the differences and applies them', async ({ page }) => {
  test.slow();
  // Applying changes the catalogue every company shares: the installation's operator does it.
  await signIn(page, { email: platformAdminEmail, password: demoPassword });
  // The import lives in the platform console, reached from the main navigation.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Platform console' })
    .click();
  await page
    .getByRole('navigation', { name: 'Platform console' })
    .getByRole('link', { name: 'Port catalogue' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Port catalogue' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import UN/LOCODE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import UN/LOCODE ports' });
  await expectAccessible(page);
  // A file of another layout is refused outright, with the reason for each line.
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'ports.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('code,name\nNLZZP,Wrong layout\n'),
  });
  await expect(dialog.getByText('has 2 columns, not 12').first()).toBeVisible();
  const line = (location: string, name: string, coordinates: string) =>
    `"+","LI","${location}","${name}","${name}","","AI","1-------","2401","","${coordinates}",""`;
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'CodeListPart1.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        line('ZRH', 'Rheinhafen Vaduz', '4708N 00931E'),
        line('ZIN', 'Wrong Point', '4716N 01124E'),
        line('ZBD', '=HYPERLINK(1)', ''),
      ].join('\r\n'),
    ),
  });
  const differences = dialog.getByRole('region', { name: 'Differences' });
  await expect(differences.getByRole('tab', { name: 'New (2)' })).toBeVisible();
  await expect(differences.getByRole('tab', { name: 'Outside their country (1)' })).toBeVisible();
  await differences.getByRole('tab', { name: 'Rows skipped (1)' }).click();
  await expect(differences.getByText('has a cell that starts like a spreadsheet formula')).toBeVisible();
  await differences.getByRole('tab', { name: 'Outside their country (1)' }).click();
  await expect(differences.getByRole('row', { name: /LIZIN/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('The port catalogue was updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'See the catalogue as a company does' }).click();
  await page.getByRole('textbox', { name: 'Search ocean ports' }).fill('LIZRH');
  const added = page.getByRole('row', { name: /LIZRH/ });
  await expect(added).toContainText('Rheinhafen Vaduz');
  await added.getByRole('button', { name: 'LIZRH', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /Rheinhafen Vaduz/ }).getByText('47.1333° N')).toBeVisible();
});
