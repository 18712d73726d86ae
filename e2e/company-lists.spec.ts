import type { Page } from '@playwright/test';
import { createCompanyUser, demoAccounts, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Business types (/settings/business-types) and receiving locations (/settings/receiving-locations):
// added, found, edited and deleted as a person does it, read-only for a Viewer, and fitting a phone.

/** Clicks an option of the open select (antd's own list; its hidden listbox holds only a few). */
const pick = (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();

const settingsLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name });

const fitsPhone = async (page: Page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });
};

test('adds, finds, edits and deletes a business type', async ({ page, request }) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'business-types' });
  await signIn(page, admin, { at: '/settings/profile' });
  await settingsLink(page, 'Business types').click();
  await expect(page).toHaveURL(/\/settings\/business-types$/);
  await expect(page.getByRole('heading', { name: 'Business types' })).toBeVisible();
  await expect(page.getByText('No business types yet. Add the first one.')).toBeVisible();
  await expectAccessible(page);

  // The name is required, in the form's words, before anything is sent.
  await page.getByRole('button', { name: 'Add business type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add business type' });
  // The dialog opens with the cursor in its first field.
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Please enter the name.')).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal' });
  await dialog.getByLabel('Name').fill('Freight forwarder');
  await dialog.getByLabel('Description').fill('Books space with carriers for shippers');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Business type Freight forwarder added')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second with the same name is refused beside the name.
  await page.getByRole('button', { name: 'Add business type' }).click();
  await dialog.getByLabel('Name').fill('Freight forwarder');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('A business type named "Freight forwarder" already exists')).toBeVisible();
  await dialog.getByLabel('Name').fill('Customs broker');
  await dialog.getByRole('switch', { name: 'Active' }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Business type Customs broker added')).toBeVisible();
  await expect(page.getByText('2 business types')).toBeVisible();

  // Found by search, and by status.
  await page.getByLabel('Search business types').fill('carriers');
  await expect(page).toHaveURL(/[?&]q=carriers/);
  await expect(page.getByRole('row', { name: /Freight forwarder/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Customs broker/ })).toBeHidden();
  await page.getByLabel('Search business types').fill('');
  await page.getByLabel('Filter by status').click();
  await pick(page, 'Inactive only');
  await expect(page.getByRole('row', { name: /Customs broker.*Inactive/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Freight forwarder/ })).toBeHidden();
  await page.goto('/settings/business-types');

  // Edited.
  await page.getByRole('button', { name: 'Edit Customs broker' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Customs broker' });
  await editDialog.getByLabel('Name').fill('Customs agent');
  await editDialog.getByRole('switch', { name: 'Active' }).click();
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Business type Customs agent saved')).toBeVisible();
  await expect(page.getByRole('row', { name: /Customs agent.*Active/ })).toBeVisible();

  // Deleted, after asking.
  await page.getByRole('button', { name: 'Delete business type Customs agent' }).click();
  await expect(page.getByText('Delete Customs agent?')).toBeVisible();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Business type Customs agent deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: /Customs agent/ })).toBeHidden();
  await expect(page.getByText('1 business type')).toBeVisible();

  await fitsPhone(page);
});

test('adds, finds, edits and deletes a receiving location', async ({ page, request }) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'receiving-locations' });
  await signIn(page, admin, { at: '/settings/profile' });
  await settingsLink(page, 'Receiving locations').click();
  await expect(page).toHaveURL(/\/settings\/receiving-locations$/);
  await expect(page.getByText('No receiving locations yet. Add the first one.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add receiving location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add receiving location' });
  await expect(dialog.getByRole('textbox', { name: 'Code', exact: true })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill('w');
  await dialog.getByLabel('UN/LOCODE').fill('nl1');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(
    dialog.getByText('The code must be 2 to 20 upper-case letters, digits or dashes'),
  ).toBeVisible();
  await expect(dialog.getByText('Please enter the name.')).toBeVisible();
  await expect(dialog.getByText('Please choose the country.')).toBeVisible();
  await expect(dialog.getByText('The UN/LOCODE must be a UN/LOCODE like NLRTM')).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal' });

  // Codes are written in capitals as they are typed.
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill('wh-rot');
  await expect(dialog.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue('WH-ROT');
  await dialog.getByLabel('Name').fill('Rotterdam warehouse');
  await dialog.getByLabel('City').fill('Rotterdam');
  await dialog.getByLabel('Country').fill('Netherlands');
  await pick(page, 'Netherlands (NL)');
  await dialog.getByLabel('UN/LOCODE').fill('nlrtm');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Receiving location Rotterdam warehouse (WH-ROT) added')).toBeVisible();

  await page.getByRole('button', { name: 'Add receiving location' }).click();
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill('DEP-HAM');
  await dialog.getByLabel('Name').fill('Hamburg depot');
  await dialog.getByLabel('City').fill('Hamburg');
  await dialog.getByLabel('Country').fill('Germany');
  await pick(page, 'Germany (DE)');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Receiving location Hamburg depot (DEP-HAM) added')).toBeVisible();
  await expect(
    page.getByRole('row', { name: /WH-ROT.*Rotterdam warehouse.*Netherlands \(NL\).*NLRTM/ }),
  ).toBeVisible();

  // Found by city; sorted by code.
  await page.getByLabel('Search receiving locations').fill('hamburg');
  await expect(page.getByRole('row', { name: /DEP-HAM/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /WH-ROT/ })).toBeHidden();
  await page.getByLabel('Search receiving locations').fill('');
  await expect(page.getByRole('row', { name: /WH-ROT/ })).toBeVisible();
  const codeHeader = page.getByRole('columnheader', { name: 'Code', exact: true });
  await codeHeader.click();
  await expect(page).toHaveURL(/[?&]sort=code/);
  await expect(page.getByRole('row').nth(1)).toContainText('DEP-HAM');
  await codeHeader.click();
  await expect(page).toHaveURL(/[?&]sort=-code/);
  await expect(page.getByRole('row').nth(1)).toContainText('WH-ROT');

  // The same code twice is refused beside the code.
  await page.getByRole('button', { name: 'Edit Hamburg depot (DEP-HAM)' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Hamburg depot' });
  await editDialog.getByRole('textbox', { name: 'Code', exact: true }).fill('WH-ROT');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    editDialog.getByText('A receiving location with the code "WH-ROT" already exists'),
  ).toBeVisible();
  await editDialog.getByRole('textbox', { name: 'Code', exact: true }).fill('DEP-HAM');
  await editDialog.getByLabel('Name').fill('Hamburg cross-dock');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Receiving location Hamburg cross-dock (DEP-HAM) saved')).toBeVisible();

  await page.getByRole('button', { name: 'Delete receiving location Hamburg cross-dock (DEP-HAM)' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Receiving location DEP-HAM deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: /DEP-HAM/ })).toBeHidden();

  await fitsPhone(page);
});

test('a Viewer reads both lists without the means to change them', async ({ page }) => {
  await signIn(page, demoAccounts.viewer);
  for (const [path, what, right, add] of [
    ['/settings/business-types', 'business types', 'Picklists: Write', 'Add business type'],
    ['/settings/receiving-locations', 'receiving locations', 'Ports: Write', 'Add receiving location'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(`You can view ${what}, but your role does not let you change`)).toBeVisible();
    await expect(page.getByText(`Changes are for people whose role allows “${right}”`)).toBeVisible();
    await expect(page.getByRole('button', { name: add })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expectAccessible(page);
  }
});
