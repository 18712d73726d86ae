import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Countries (/settings/countries) and currencies (/settings/currencies): the company's choices over
// the global lists, its base currency and exchange rates kept as history.

test('turns a country off and stars another, which then comes first', async ({ page, request }) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'countries' });
  await signIn(page, admin, { at: '/settings/countries' });
  await expect(page.getByRole('heading', { level: 2, name: 'Countries' })).toBeVisible();
  await expect(page.getByText('250 countries')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Search countries' }).fill('Norway');
  await expect(page.getByText('1 country', { exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Norway in use' }).click();
  await expect(page.getByRole('switch', { name: 'Norway in use' })).not.toBeChecked();

  await page.getByRole('textbox', { name: 'Search countries' }).fill('Portugal');
  await page.getByRole('button', { name: 'Add Portugal to favourites' }).click();
  await expect(page.getByRole('button', { name: 'Remove Portugal from favourites' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Search countries' }).fill('');
  await expect(page.getByRole('row').nth(1)).toContainText('Portugal');
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Not in use').click();
  await expect(page.getByText('1 country', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Norway/ })).toBeVisible();
});

test('sets an exchange rate and sees it in the history and for a past date', async ({ page, request }) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'currencies' });
  await signIn(page, admin, { at: '/settings/currencies' });
  await expect(page.getByRole('heading', { level: 2, name: 'Currencies' })).toBeVisible();
  await expect(page.getByText('160 currencies')).toBeVisible();
  await expectAccessible(page);
  // Sorted by a column on the server, kept in the address through a reload.
  await page.getByRole('columnheader', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await page.getByRole('columnheader', { name: 'Code' }).click();
  await expect(page).toHaveURL(/sort=code/);
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText(/^AED/);
  await page.getByRole('columnheader', { name: 'Code' }).click();
  await expect(page).toHaveURL(/sort=-code/);
  await expect(firstRow).not.toContainText(/^AED/);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Code' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('columnheader', { name: 'Code' }).click();
  await page.getByRole('columnheader', { name: 'Code' }).click();

  // Without a base currency the rates say so and offer to choose it right there.
  await page.getByRole('textbox', { name: 'Search currencies' }).fill('USD');
  await page.getByRole('button', { name: 'USD exchange rates' }).click();
  const drawer = page.getByRole('dialog', { name: 'USD exchange rates' });
  await expect(drawer.getByText('No base currency yet')).toBeVisible();
  await expect(
    drawer.getByText('Rates are entered against your company’s base currency, which is not chosen yet.'),
  ).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Save rate' })).toHaveCount(0);
  await expectAccessible(page, { include: '.ant-drawer' });
  // On a phone the choice fits the panel.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(drawer.getByLabel('Base currency')).toBeInViewport();
  expect(await drawer.evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true);
  if (desktop) await page.setViewportSize(desktop);
  await drawer.getByLabel('Base currency').fill('EUR');
  // Enter picks the highlighted option: wait until the filtered list has one, as a person would.
  await expect(
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active'),
  ).toContainText('EUR');
  await drawer.getByLabel('Base currency').press('Enter');
  await expect(page.getByText('Base currency set to EUR')).toBeVisible();
  // The rate is entered at once, in the same drawer, against the new base.
  await expect(drawer.getByText('Against')).toBeVisible();
  await expect(drawer.getByText('No base currency yet')).toBeHidden();
  await expect(drawer.getByLabel('1 USD in EUR')).toBeVisible();
  await expect(drawer.getByText('No rates entered yet.')).toBeVisible();
  await expectAccessible(page);

  // Refused in the form with the server's own words, before anything is sent.
  await drawer.getByLabel('1 USD in EUR').fill('0');
  await drawer.getByRole('button', { name: 'Save rate' }).click();
  await expect(drawer.getByText('The rate must be more than 0')).toBeVisible();
  await drawer.getByLabel('1 USD in EUR').fill('0.123456789012');
  await expect(drawer.getByText('The rate may have at most 10 decimals')).toBeVisible();

  // Text that is not plainly one number is refused, never guessed at.
  await drawer.getByLabel('1 USD in EUR').fill('abc');
  await expect(drawer.getByText('The rate must be a number, like 0.92 or 0,92')).toBeVisible();
  await drawer.getByLabel('1 USD in EUR').fill('-1');
  await expect(drawer.getByText('The rate must be more than 0')).toBeVisible();

  // A decimal comma means what it says: 0,91 is saved as 0.91.
  // Days are typed and shown as the user's settings write them (here the browser's US English),
  // and YYYY-MM-DD is understood too.
  await drawer.getByLabel('1 USD in EUR').fill('0,91');
  const effectiveFrom = drawer.getByLabel('Effective from');
  await effectiveFrom.fill('Jan 1, 2024');
  await effectiveFrom.press('Tab');
  await expect(effectiveFrom).toHaveValue('Jan 1, 2024');
  await drawer.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText('USD rate from Jan 1, 2024 saved')).toBeVisible();
  await drawer.getByLabel('1 USD in EUR').fill('0.87');
  await effectiveFrom.fill('2024-07-01');
  await effectiveFrom.press('Tab');
  await expect(effectiveFrom).toHaveValue('Jul 1, 2024');
  await drawer.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText('USD rate from Jul 1, 2024 saved')).toBeVisible();

  const history = drawer.getByRole('region', { name: 'History' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('Jul 1, 2024');
  await expect(history.getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
  await expect(history.getByRole('row').nth(1)).toContainText('1 USD = 0.87 EUR');
  await expect(history.getByRole('row').nth(2)).toContainText('1 USD = 0.91 EUR');
  // Each entry says when it was entered, in the same format with its time.
  await expect(history.getByRole('row').nth(1)).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);

  // A rate entered wrongly is corrected in place, its date kept.
  await history.getByRole('button', { name: 'Correct the rate from Jul 1, 2024' }).click();
  const correction = page.getByRole('dialog', { name: 'Correct the rate from Jul 1, 2024' });
  await expect(correction.getByLabel('1 USD in EUR')).toHaveValue('0.87');
  await expectAccessible(page);
  await correction.getByLabel('1 USD in EUR').fill('abc');
  await correction.getByLabel('1 USD in EUR').press('Enter');
  await expect(correction.getByText('The rate must be a number, like 0.92 or 0,92')).toBeVisible();
  await correction.getByLabel('1 USD in EUR').fill('0,86');
  await correction.getByLabel('1 USD in EUR').press('Enter');
  await expect(page.getByText('USD rate from Jul 1, 2024 corrected')).toBeVisible();
  await expect(correction).toBeHidden();
  await expect(history.getByRole('row').nth(1)).toContainText('1 USD = 0.86 EUR');
  await expect(history.getByRole('row')).toHaveCount(3);

  // The same date twice is refused on the form, the day written as everywhere else on the screen.
  await drawer.getByLabel('1 USD in EUR').fill('0.5');
  await effectiveFrom.fill('2024-07-01');
  await effectiveFrom.press('Tab');
  await drawer.getByRole('button', { name: 'Save rate' }).click();
  await expect(drawer.getByText('USD already has a rate effective Jul 1, 2024')).toBeVisible();

  const lookupDay = drawer.getByLabel('Date', { exact: true });
  await lookupDay.fill('Mar 15, 2024');
  await lookupDay.press('Tab');
  await drawer.getByRole('button', { name: 'Look up' }).click();
  await expect(drawer.getByRole('status')).toHaveText(
    'On Mar 15, 2024: 1 USD = 0.91 EUR (effective from Jan 1, 2024)',
  );
  await lookupDay.fill('2023-12-31');
  await lookupDay.press('Tab');
  await drawer.getByRole('button', { name: 'Look up' }).click();
  await expect(drawer.getByRole('status')).toHaveText('No USD rate is in force on Dec 31, 2023');

  await drawer.getByRole('button', { name: 'Close' }).click();
  // Closed for good: the drawer hands the focus back as it goes, which would take it from the next field.
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row', { name: /USD/ })).toContainText('0.86');

  // Changing the base currency hides the rates entered against the old one: it asks first.
  const chooseBase = async (code: string) => {
    const option = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      {
        hasText: `${code} — `,
      },
    );
    // The typed search can be dropped while the page settles after the drawer: type again until it shows.
    await expect(async () => {
      await page.getByLabel('Base currency').fill(code);
      await option.click({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  };

  await chooseBase('USD');
  const confirm = page.getByRole('dialog', { name: 'Change the base currency to USD?' });
  await expect(confirm).toContainText('the rates entered against EUR stop showing');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: /^USD/ })).toContainText('0.86');
  await expect(page.getByRole('row', { name: /^USD/ }).getByText('Base', { exact: true })).toHaveCount(0);

  await chooseBase('USD');
  await confirm.getByRole('button', { name: 'Change to USD' }).click();
  await expect(page.getByText('Base currency set to USD')).toBeVisible();
  await expect(page.getByRole('row', { name: /^USD/ }).getByText('Base', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /^USD/ })).not.toContainText('0.86');
});
