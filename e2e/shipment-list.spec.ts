import { constants } from '@cargodesk/shared';
import type { Page } from '@playwright/test';
import { createCompanyUser, expect, expectAccessible, goInApp, signIn, test } from './fixtures.ts';

// The shipments list and form (issue 41): a forwarder finds shipments by party and by arrival days,
// shares that filter with the company, fills in a shipment's notify party, place of delivery and
// notes, and numbers the company's sea shipments by a pattern of its own.

const choose = async (
  page: Page,
  scope: ReturnType<Page['getByRole']> | Page,
  label: string,
  typed: string,
  option: RegExp | string,
) => {
  await scope.getByLabel(label).click();
  await scope.getByLabel(label).fill(typed);
  await page.locator('.ant-select-dropdown:visible').getByText(option).first().click();
};

test('a forwarder filters shipments, saves the filter, edits a shipment and sets its references', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'shipment-list' });
  await signIn(page, admin, { at: '/shipments' });
  const token =
    (await page.context().cookies()).find(({ name }) => name === constants.tokenCookieName)?.value ?? '';
  const headers = { authorization: token };
  const post = async <T>(url: string, data: object) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: T }).data;
  };
  const harbour = await post<{ _id: string }>('/contactserver/api/v1/contacts', {
    kind: 'organisation',
    name: 'Harbour Exports BV',
  });
  await post('/contactserver/api/v1/contacts', { kind: 'organisation', name: 'Nordic Notify AS' });
  const april = await post<{ _id: string; reference: string }>('/freightserver/api/v1/shipments', {
    mode: 'sea',
    direction: 'export',
    loadType: 'fcl',
    parties: { customer: { organisationId: harbour._id } },
    plannedArrival: '2030-04-02T12:00:00Z',
  });
  const june = await post<{ reference: string }>('/freightserver/api/v1/shipments', {
    mode: 'sea',
    direction: 'import',
    loadType: 'lcl',
    plannedArrival: '2030-06-10T12:00:00Z',
  });
  await page.reload();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);

  // By party: the shipments where Harbour Exports holds any role.
  await choose(page, page, 'Filter by party', 'Harbour', 'Harbour Exports BV');
  await expect(page).toHaveURL(new RegExp(`[?&]partyId=${harbour._id}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(april.reference);
  await page.getByLabel('Filter by party').press('Escape');
  await goInApp(page, '/shipments');
  await expect(rows).toHaveCount(2);

  // By arrival days, kept in the address as days.
  await page.getByLabel('Arrival from day').fill('2030-06-01');
  await page.getByLabel('Arrival from day').press('Enter');
  await page.getByLabel('Arrival to day').fill('2030-06-30');
  await page.getByLabel('Arrival to day').press('Enter');
  await expect(page).toHaveURL(/[?&]arrivalFrom=2030-06-01/);
  await expect(page).toHaveURL(/[?&]arrivalTo=2030-06-30/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(june.reference);

  // Saved for the company, and applied again from a clean list.
  await page.getByRole('button', { name: 'Save filter' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save this filter' });
  await saveDialog.getByLabel('Name').fill('June arrivals');
  await saveDialog.getByText('Share with everyone in the company').click();
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('June arrivals saved')).toBeVisible();
  await goInApp(page, '/shipments');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Saved filters').click();
  await page.locator('.ant-select-dropdown:visible').getByText('June arrivals (shared)').click();
  await expect(page).toHaveURL(/[?&]arrivalFrom=2030-06-01/);
  await expect(rows).toHaveCount(1);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.list-cards > li')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The form edits every field; only what changed is sent.
  await goInApp(page, `/shipments/${april._id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: `Edit ${april.reference}` });
  await choose(page, form, 'Notify party', 'Nordic', 'Nordic Notify AS');
  await choose(page, form, 'Place of delivery', 'Rotterdam', /\(NLRTM\)/);
  await form.getByLabel('Internal notes').fill('Call the consignee before delivery');
  await expectAccessible(page, { include: '.ant-modal' });
  const sent = page.waitForRequest(
    (sending) => sending.method() === 'PATCH' && sending.url().includes(`/shipments/${april._id}`),
  );
  await form.getByRole('button', { name: 'Save' }).click();
  expect(Object.keys((await sent).postDataJSON() as object).sort()).toEqual([
    'notes',
    'parties',
    'placeOfDelivery',
  ]);
  expect(((await sent).postDataJSON() as { parties: object }).parties).toEqual({
    notifyParty: { organisationId: expect.any(String), personId: null },
  });
  await expect(page.getByText(`${april.reference} saved`)).toBeVisible();
  await page.getByRole('tab', { name: 'Parties' }).click();
  await expect(page.getByRole('link', { name: 'Nordic Notify AS' })).toBeVisible();
  await page.getByRole('tab', { name: 'Routing' }).click();
  await expect(page.getByText(/NLRTM – /)).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText('Call the consignee before delivery')).toBeVisible();

  // The company's own pattern for sea references, shown as it is typed, taken by the next shipment.
  await goInApp(page, '/settings/company');
  const card = page.locator('#shipment-references');
  await card.getByLabel('Sea shipments').fill('OCN/{YY}.{####}');
  await expect(card.getByText(/^OCN\/\d{2}\.0001$/)).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Save references' }).click();
  await expect(page.getByText('Shipment references saved')).toBeVisible();
  await goInApp(page, '/shipments');
  await page.getByRole('button', { name: 'New shipment' }).click();
  await page
    .getByRole('dialog', { name: 'New shipment' })
    .getByRole('button', { name: 'Create shipment' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^OCN\/\d{2}\.0001$/ })).toBeVisible();
});
