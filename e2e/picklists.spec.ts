import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Picklists (/settings/picklist): reorder by drag and by keyboard, and the company form offers the
// values in the new order at once.

test('reorders a picklist by drag and by keyboard and the company form follows', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'picklists' });
  await signIn(page, admin, { at: '/settings/picklist' });
  await expect(page.getByRole('heading', { level: 2, name: 'Picklists' })).toBeVisible();
  // The module is the screen its lists fill in, said plainly, without its code.
  await expect(page.locator('.ant-select', { has: page.locator('#picklist-module') })).toHaveText(
    'Company profile',
  );
  await page
    .getByRole('navigation', { name: 'Picklists of this module' })
    .getByText('Preferred language')
    .click();
  const values = page.getByRole('region', { name: 'Preferred language' });
  await expect(values.getByRole('row').nth(1)).toContainText('English');
  await expectAccessible(page);

  // Drag German onto the first row.
  await values.getByRole('row', { name: /German/ }).dragTo(values.getByRole('row', { name: /English/ }));
  await expect(values.getByRole('row').nth(1)).toContainText('German');
  await expect(values.getByRole('row').nth(2)).toContainText('English');

  // Keyboard: French one place up, from the drag handle.
  await values.getByRole('button', { name: /^Move French: drag/ }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('French moved to position 3 of 10')).toBeAttached();
  await expect(values.getByRole('row').nth(3)).toContainText('French');
  await expect(values.getByRole('row').nth(4)).toContainText('Spanish');
  await expect(values.getByRole('button', { name: /^Move French: drag/ })).toBeFocused();

  // The company profile's select offers the new order without a reload.
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Company profile' })
    .click();
  const language = page.getByLabel('Preferred language');
  // The form fills in once the company has loaded; a click before that opens nothing.
  await expect(language).toBeEnabled();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(async () => {
    await language.click();
    await expect(options.first()).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(options.nth(0)).toHaveText('German');
  await expect(options.nth(1)).toHaveText('English');
  await expect(options.nth(2)).toHaveText('French');
  await expect(options.nth(3)).toHaveText('Spanish');
});

test('adds a value and turns one off', async ({ page, request }) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'picklist-values' });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await signIn(page, admin, { at: '/settings/picklist' });
  const values = page.getByRole('region', { name: 'Company type' });
  await expect(values.getByRole('row').nth(1)).toContainText('Freight forwarder');
  // A new value has no colour until one is asked for, and the empty field is no invalid colour.
  await expect(values.getByLabel('Tag colour')).toHaveCount(0);
  await values.getByRole('checkbox', { name: 'Colour' }).check();
  await expect(values.getByLabel('Tag colour')).toHaveValue('#13756b');
  await values.getByRole('checkbox', { name: 'Colour' }).uncheck();
  expect(warnings.filter((text) => text.includes('CSS color'))).toEqual([]);
  // The picklist is named, never by its code; its value codes are out of the way until asked for.
  await expect(values.getByRole('heading', { name: 'Company type' })).toBeVisible();
  await expect(values).not.toContainText('company_type');
  await expect(values.getByRole('columnheader', { name: 'Value code' })).toHaveCount(0);
  await expect(values.getByLabel('Value code', { exact: true })).toBeHidden();
  // A label is all a value needs: its code is made from it as it is typed, under Advanced.
  await values.getByLabel('Label').fill('Rail operator');
  const advanced = values.getByRole('button', { name: 'Advanced' });
  await expect(advanced).toHaveAttribute('aria-expanded', 'false');
  await advanced.click();
  await expect(values.getByLabel('Value code', { exact: true })).toHaveValue('rail_operator');
  await values.getByLabel('Value code', { exact: true }).fill('Rail Operator');
  await advanced.click();
  // A code refused while folded away unfolds with its reason.
  await values.getByRole('button', { name: 'Add value' }).click();
  await expect(
    values.getByText('Lower-case letters, digits and underscores, starting with a letter.'),
  ).toBeVisible();
  await expect(advanced).toHaveAttribute('aria-expanded', 'true');
  await values.getByLabel('Value code', { exact: true }).fill('');
  await values.getByRole('button', { name: 'Add value' }).click();
  await expect(page.getByText('Rail operator added to Company type')).toBeVisible();
  await expect(values.getByRole('row').last()).toContainText('Rail operator');
  // A second label that reads the same gets a code of its own, shown once asked for.
  await advanced.click();
  await values.getByLabel('Label').fill('Rail-operator');
  await expect(values.getByLabel('Value code', { exact: true })).toHaveValue('rail_operator_2');
  await values.getByLabel('Label').fill('');
  await values.getByRole('checkbox', { name: 'Show value codes' }).check();
  await expect(values.getByRole('row', { name: /Rail operator/ })).toContainText('rail_operator');
  await values.getByRole('switch', { name: 'NVOCC active' }).click();
  await expect(values.getByRole('switch', { name: 'NVOCC active' })).not.toBeChecked();

  // Picked values change together: NVOCC is off already, so one more goes off.
  await values.getByRole('checkbox', { name: 'Select NVOCC' }).check();
  await values.getByRole('checkbox', { name: 'Select Rail operator' }).check();
  const bar = values.getByRole('region', { name: 'Selected rows' });
  await bar.getByRole('button', { name: 'Make inactive' }).click();
  await expect(page.getByText('1 value made inactive')).toBeVisible();
  await expect(values.getByRole('switch', { name: 'Rail operator active' })).not.toBeChecked();
  await values.getByRole('checkbox', { name: 'Select Rail operator' }).check();
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('tooltip')
    .filter({ hasText: 'Delete 1 value?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('1 value deleted from Company type')).toBeVisible();
  await expect(values.getByRole('row', { name: /Rail operator/ })).toHaveCount(0);
});
