import { constants } from '@cargodesk/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createCompanyUser, expect, expectAccessible, goInApp, signIn, test } from './fixtures.ts';

// A shipment's cargo tab: a forwarder keys the packages and containers of a sea shipment, taking
// the container number the check digit says was meant; by air the chargeable weight shows as the
// dimensions are typed. A Viewer's read-only cargo is checked in e2e/shipment-charges.spec.ts.

const tokenOf = async (page: Page) =>
  (await page.context().cookies()).find(({ name }) => name === constants.tokenCookieName)?.value ?? '';

/** A new company's user, signed in, on a new shipment of the mode made through the API. */
const openNewShipment = async (page: Page, request: APIRequestContext, mode: 'sea' | 'air') => {
  const account = await createCompanyUser(request, { label: `cargo-${mode}` });
  await signIn(page, account, { at: '/shipments' });
  const created = await request.post('/freightserver/api/v1/shipments', {
    headers: { authorization: await tokenOf(page) },
    data: { mode, direction: 'export', loadType: mode === 'sea' ? 'fcl' : 'loose' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as { data: { _id: string; reference: string } };
  await goInApp(page, `/shipments/${data._id}`);
  await expect(page.getByRole('heading', { level: 1, name: data.reference })).toBeVisible();
  return data;
};

const choose = async (page: Page, field: Locator, typed: string, option: string) => {
  await field.click();
  await field.fill(typed);
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
};

const fillLine = async (
  page: Page,
  line: Locator,
  {
    packages,
    type,
    description,
    grossKg,
  }: { packages: string; type: [string, string]; description: string; grossKg: string },
) => {
  await line.getByLabel('Packages').fill(packages);
  await choose(page, line.getByLabel('Package type'), ...type);
  await line.getByLabel('Description').fill(description);
  await line.getByLabel('Gross weight (kg)').fill(grossKg);
};

const expectNoSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('a forwarder keys a sea shipment’s cargo and takes the container number the check digit suggests', async ({
  page,
  request,
}) => {
  const shipment = await openNewShipment(page, request, 'sea');
  await page.getByRole('tab', { name: 'Cargo and containers' }).click();
  await expect(page.getByText(/^No cargo yet\. Add the packages/)).toBeVisible();

  await page.getByRole('button', { name: 'Edit cargo' }).click();
  const dialog = page.getByRole('dialog', { name: `Cargo and containers of ${shipment.reference}` });
  const line = dialog.getByRole('group', { name: 'Cargo line 1' });
  await fillLine(page, line, {
    packages: '10',
    type: ['cart', 'Carton (CT)'],
    description: 'Bicycle parts',
    grossKg: '2500,5',
  });
  await line.getByLabel('HS code').fill('8714.91');
  await line.getByLabel('Volume (m³)').fill('12.4');

  await dialog.getByRole('button', { name: 'Add a container' }).click();
  const container = dialog.getByRole('group', { name: 'Container 1' });
  const number = container.getByLabel('Container number');
  await number.fill('MSKU9070320');
  await number.press('Tab');
  await expect(container.getByText('Check digit should be 3: did you mean MSKU9070323?')).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal' });
  // Taken from the keyboard: the suggestion's button is the next stop after the number.
  await expect(container.getByRole('button', { name: 'Use MSKU9070323' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(number).toHaveValue('MSKU9070323');
  await expect(number).toBeFocused();
  await expect(container.getByText(/did you mean/)).toHaveCount(0);
  await choose(page, container.getByLabel('Size-type'), '22G1', "22G1 – 20' general purpose");
  await container.getByLabel('Seals').fill('sl123, sl124');
  await dialog.getByRole('button', { name: 'Save cargo' }).click();
  await expect(dialog).toBeHidden();

  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('Packages10');
  await expect(totals).toContainText('Gross weight2,500.5 kg');
  await expect(totals).toContainText('Volume12.4 m³');
  await expect(totals).toContainText('Containers1 (1 × 22G1)');
  const lines = page.getByRole('region', { name: 'Cargo lines' });
  await expect(lines.getByRole('row', { name: /10 × Carton \(CT\) Bicycle parts 8714\.91/ })).toBeVisible();
  const containers = page.getByRole('region', { name: 'Containers' });
  await expect(
    containers.getByRole('row', { name: /MSKU9070323 22G1 – 20' general purpose SL123, SL124/ }),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page, 1440);

  // On a phone the lines and containers are cards, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(containers.locator('.list-cards > li')).toHaveCount(1);
  await expectNoSidewaysScroll(page, 390);
  await expectAccessible(page);
});

test('by air the chargeable weight shows as the dimensions are typed, the volume weight winning', async ({
  page,
  request,
}) => {
  const shipment = await openNewShipment(page, request, 'air');
  await page.getByRole('tab', { name: 'Cargo', exact: true }).click();
  await page.getByRole('button', { name: 'Edit cargo' }).click();
  const dialog = page.getByRole('dialog', { name: `Cargo of ${shipment.reference}` });
  const line = dialog.getByRole('group', { name: 'Cargo line 1' });
  await fillLine(page, line, {
    packages: '1',
    type: ['pallet', 'Pallet (PX)'],
    description: 'Machine part',
    grossKg: '50',
  });
  const weight = dialog.getByRole('status');
  await expect(weight).toContainText('Chargeable weight 50 kg, by gross weight');
  await line.getByRole('button', { name: 'Add dimensions' }).click();
  const dimensions = line.getByRole('group', { name: 'Dimensions of line 1' });
  await expect(dimensions.getByLabel('Pieces')).toHaveValue('1');
  // 120 × 100 × 100 cm = 1.2 m³, at 6,000 cm³ per kg 200 kg: more than the 50 kg it weighs.
  await dimensions.getByLabel('Length').fill('120');
  await dimensions.getByLabel('Width').fill('100');
  await dimensions.getByLabel('Height').fill('100');
  await expect(weight).toContainText('Chargeable weight 200 kg, by volume');
  await expect(weight).toContainText('gross 50 kg, volume weight 200 kg');
  await expectAccessible(page, { include: '.ant-modal' });
  await dialog.getByRole('button', { name: 'Save cargo' }).click();
  await expect(dialog).toBeHidden();

  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('Volume weight200 kg');
  await expect(totals).toContainText('Chargeable weight200 kg, by volume');
  await expect(totals).toContainText('Volume1.2 m³');
  await expect(page.getByRole('region', { name: 'Cargo lines' })).toContainText('1 × 120 × 100 × 100');
});
