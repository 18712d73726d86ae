import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Issue 13, point 6: Ctrl/⌘-K jumps to any settings screen, colleague, role or port by name.

test('Ctrl-K finds a screen, a colleague, a role and a port by name and goes there', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'palette' });
  await signIn(page, admin);
  await expect(page.getByRole('button', { name: 'Go to' })).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Go to' });
  const search = palette.getByRole('combobox', { name: 'Screen, shipment, user, role or port' });
  await expect(search).toBeFocused();
  // Before typing, it lists the screens this user may open.
  await expect(palette.getByRole('option', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await search.fill('curr');
  await expect(palette.getByRole('option', { name: 'Currencies' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, { include: '.command-palette' });
  await search.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/currencies$/);

  // A colleague by name: the arrow keys move the choice, Enter opens their page.
  await page.keyboard.press('Control+k');
  await search.fill('Erin');
  const users = palette.getByRole('group', { name: 'Users' });
  await expect(users.getByRole('option', { name: /Erin Tester/ })).toBeVisible();
  await expect(users.getByRole('option', { name: /Erin Tester/ })).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/settings\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /Erin Tester/ }).first()).toBeVisible();

  // A role: the choice moves with the arrow keys past the groups above it.
  await page.keyboard.press('Control+k');
  await search.fill('view');
  const viewer = palette.getByRole('group', { name: 'Roles' }).getByRole('option', { name: /Viewer/ });
  await expect(viewer).toBeVisible();
  while ((await viewer.getAttribute('aria-selected')) !== 'true') await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page.getByRole('dialog', { name: /Viewer/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // A port by a few letters of its name, with a click.
  await page.keyboard.press('Control+k');
  await search.fill('rotterd');
  await palette
    .getByRole('group', { name: 'Ocean ports' })
    .getByRole('option', { name: /Rotterdam \(NLRTM\)/ })
    .click();
  await expect(page).toHaveURL(/\/settings\/oceanport\?q=NLRTM$/);
  await expect(page.getByRole('row', { name: /NLRTM/ }).first()).toBeVisible();

  await page.keyboard.press('Control+k');
  await search.fill('zzqx');
  await expect(palette.getByText('Nothing matches “zzqx”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('a phone opens the palette from the menu', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await createCompanyUser(request, { label: 'palette-phone' });
  await signIn(page, admin);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Go to…' }).click();
  const palette = page.getByRole('dialog', { name: 'Go to' });
  await palette.getByRole('combobox').fill('prof');
  await palette.getByRole('option', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
