import { constants } from '@cargodesk/shared';
import type { Page } from '@playwright/test';
import {
  createCompanyUser,
  expect,
  expectAccessible,
  inviteColleague,
  signIn,
  test,
  testPassword,
} from './fixtures.ts';

// Shipments (issue 39): a forwarder books a sea export through the screens, finds it, confirms its
// booking and reads its history; a refused air waybill number lands on its field; a Viewer reads
// without the buttons that change anything.

const pick = async (page: Page, label: string, typed: string, option: RegExp | string) => {
  const dialog = page.getByRole('dialog', { name: 'New shipment' });
  await dialog.getByLabel(label).click();
  await dialog.getByLabel(label).fill(typed);
  await page.locator('.ant-select-dropdown:visible').getByText(option).first().click();
};

const incotermChoices = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'New shipment' });
  await dialog.getByLabel('Incoterms rule').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.getByText('EXW – Ex Works')).toBeVisible();
  const texts = await dropdown.locator('.ant-select-item-option').allTextContents();
  await page.keyboard.press('Escape');
  return texts;
};

test('a forwarder books a sea export, finds it, confirms it, and a Viewer only reads it', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'shipments' });
  await signIn(page, admin, { at: '/shipments' });
  const token =
    (await page.context().cookies()).find(({ name }) => name === constants.tokenCookieName)?.value ?? '';
  const headers = { authorization: token };
  // A new company has the Freight product: its navigation leads to shipments.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipments' }),
  ).toBeVisible();
  for (const name of ['Harbour Exports BV', 'Pudong Imports Ltd']) {
    const created = await request.post('/contactserver/api/v1/contacts', {
      headers,
      data: { kind: 'organisation', name, roles: ['customer'] },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await expect(page.getByText('No shipments yet. Create the first with New shipment.')).toBeVisible();

  await page.getByRole('button', { name: 'New shipment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New shipment' });
  // FOB is for sea only: air hides it, sea offers it.
  await dialog.getByText('Air', { exact: true }).click();
  expect(await incotermChoices(page)).not.toContain('FOB – Free On Board');
  await dialog.getByText('Sea', { exact: true }).click();
  expect(await incotermChoices(page)).toContain('FOB – Free On Board');
  await pick(page, 'Incoterms rule', 'FOB', 'FOB – Free On Board');
  await dialog.getByLabel('Named place').fill('Rotterdam');
  await pick(page, 'Customer', 'Harbour', 'Harbour Exports BV');
  await pick(page, 'Shipper', 'Harbour', 'Harbour Exports BV');
  await pick(page, 'Consignee', 'Pudong', 'Pudong Imports Ltd');
  await pick(page, 'Port of loading', 'Rotterdam', /\(NLRTM\)/);
  await pick(page, 'Port of discharge', 'Shanghai', /\(CNSHA\)/);
  for (const [label, day] of [
    ['Planned departure', '2030-03-01'],
    ['Planned arrival', '2030-04-02'],
  ] as const) {
    await dialog.getByLabel(label).fill(day);
    await dialog.getByLabel(label).press('Tab');
  }
  await dialog.getByLabel('Vessel').fill('Ever Given');
  await dialog.getByLabel('IMO number').fill('IMO 9811000');
  await dialog.getByLabel('Voyage').fill('0123E');
  await expectAccessible(page, { include: '.ant-modal' });
  await dialog.getByRole('button', { name: 'Create shipment' }).click();

  // The new shipment opens on its own page.
  await expect(page).toHaveURL(/\/shipments\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^SE-\d{4}-\d{5}$/ });
  await expect(heading).toBeVisible();
  const reference = (await heading.textContent()) ?? '';
  const shipmentUrl = new URL(page.url()).pathname;
  const header = page.locator('.ant-card').first();
  await expect(header.locator('.ant-tag').first()).toHaveText('Received');
  await expect(page.getByText('FOB – Free On Board, Rotterdam')).toBeVisible();
  // Planned days are days at the port: Rotterdam's and Shanghai's clocks.
  await expect(page.locator('time').filter({ hasText: /Mar 0?1, 2030/ })).toHaveCount(1);
  await expect(page.locator('time').filter({ hasText: /Apr 0?2, 2030/ })).toHaveCount(1);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Carrier confirms' }).click();
  await expect(header.locator('.ant-tag').first()).toHaveText('Confirmed');
  await page.getByRole('tab', { name: 'Parties' }).click();
  await expect(page.getByRole('link', { name: 'Pudong Imports Ltd' })).toBeVisible();
  await page.getByRole('tab', { name: 'Routing' }).click();
  await expect(page.getByText(/NLRTM – /)).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tabpanel').locator('article')).toHaveCount(2);

  // The list finds it by its reference.
  await page.getByRole('link', { name: 'Shipments' }).first().click();
  await page.getByLabel('Search shipments').fill(reference);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${reference}`));
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('NLRTM → CNSHA');
  await expect(rows.first()).toContainText('Harbour Exports BV');
  await expect(rows.first()).toContainText('Confirmed');
  await expect(rows.first().locator('time')).toHaveCount(2);
  await expectAccessible(page);

  // The dashboard counts it by its booking status, and the count opens the list so filtered.
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Shipments' });
  await expect(panel.getByRole('link', { name: '0 Late' })).toHaveAttribute('href', '/shipments?isLate=true');
  await expect(panel.getByRole('link', { name: '0 Departing this week' })).toBeVisible();
  await panel.getByRole('link', { name: 'Confirmed: 1' }).click();
  await expect(page).toHaveURL(/\/shipments\?bookingStatus=CONFIRMED$/);
  await expect(rows).toHaveCount(1);

  // An air waybill number with the wrong check digit is refused on its field, naming the right one.
  await page.getByRole('button', { name: 'New shipment' }).click();
  await dialog.getByText('Air', { exact: true }).click();
  await dialog.getByLabel('Air waybill number').fill('160-12345670');
  await dialog.getByRole('button', { name: 'Create shipment' }).click();
  await expect(dialog.locator('#shipment-form_airWaybillNumber_help')).toContainText('5');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // On a phone the list is cards, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.list-cards > li')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(rows).toHaveCount(1);

  // A Viewer of the company reads the shipment, without Edit or the booking's moves.
  const viewerRole = (
    (await (await request.get('/iamserver/api/v1/roles?pageSize=50', { headers })).json()) as {
      data: { _id: string; name: string }[];
    }
  ).data.find((role) => role.name === 'Viewer');
  const colleague = await inviteColleague(request, token, 'shipments-viewer');
  const assigned = await request.put(`/iamserver/api/v1/users/${colleague.userId}/roles`, {
    headers,
    data: { roleIds: [viewerRole?._id] },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, { email: colleague.email, password: testPassword }, { at: shipmentUrl });
  await expect(viewer.getByRole('heading', { level: 1, name: reference })).toBeVisible();
  await expect(viewer.getByText('You can view this shipment')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /Carrier|Shipper/ })).toHaveCount(0);
  await viewer.getByRole('link', { name: 'Shipments' }).first().click();
  await expect(viewer.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
  await expect(viewer.getByRole('button', { name: 'New shipment' })).toHaveCount(0);
  await viewerContext.close();
});
