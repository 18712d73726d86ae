import { constants } from '@cargodesk/shared';
import type { Page } from '@playwright/test';
import { createCompanyUser, expect, expectAccessible, goInApp, signIn, test } from './fixtures.ts';

// A shipment's Milestones tab (decision 048): a forwarder records the departure in two clicks,
// an arrival estimate later than planned, retracts the departure after confirming why, and sees
// the status follow on the shipment and in the list, at 1440 and 390 px.

const tokenOf = async (page: Page) =>
  (await page.context().cookies()).find(({ name }) => name === constants.tokenCookieName)?.value ?? '';

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a forwarder records a departure and a later arrival estimate, then retracts the departure', async ({
  page,
  request,
}) => {
  const account = await createCompanyUser(request, { label: 'milestones' });
  await signIn(page, account, { at: '/shipments' });
  const headers = { authorization: await tokenOf(page) };
  const created = await request.post('/freightserver/api/v1/shipments', {
    headers,
    data: {
      mode: 'sea',
      direction: 'export',
      loadType: 'fcl',
      portOfLoading: 'NLRTM',
      portOfDischarge: 'CNSHA',
      plannedDeparture: '2030-03-01T10:00:00Z',
      plannedArrival: '2030-03-30T08:00:00Z',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shipment = ((await created.json()) as { data: { _id: string; reference: string } }).data;
  await goInApp(page, `/shipments/${shipment._id}`);
  await expect(page.getByRole('heading', { level: 1, name: shipment.reference })).toBeVisible();

  await page.getByRole('tab', { name: 'Milestones' }).click();
  const steps = page.getByRole('region', { name: 'Steps', exact: true });
  const departedRow = steps.getByRole('row', { name: /^Departed DEPA/ });
  await expect(departedRow).toContainText('NLRTM – Rotterdam');
  await expect(page.getByText('No events recorded yet.')).toBeVisible();
  await expectAccessible(page);

  // Two clicks: the step's "Record actual", then Save on the form filled with now and the port.
  await departedRow.getByRole('button', { name: 'Record actual departed' }).click();
  const recordDeparture = page.getByRole('dialog', { name: 'Record departed' });
  await expect(recordDeparture.getByLabel('Port (UN/LOCODE)')).toHaveValue('NLRTM');
  await expect(recordDeparture.getByLabel('Time (local time at NLRTM)')).not.toHaveValue('');
  await expectAccessible(page, { include: '.ant-modal' });
  await recordDeparture.getByRole('button', { name: 'Save' }).click();
  await expect(recordDeparture).toBeHidden();
  await expect(departedRow.getByRole('button', { name: 'Retract actual departed' })).toBeVisible();

  // The arrival is now expected three days after the plan.
  const arrivedRow = steps.getByRole('row', { name: /^Arrived ARRI/ });
  await arrivedRow.getByRole('button', { name: 'Estimate arrived' }).click();
  const recordEstimate = page.getByRole('dialog', { name: 'Record arrived' });
  await expect(recordEstimate.getByRole('radio', { name: 'Estimated' })).toBeChecked();
  await recordEstimate.getByLabel('Time (local time at CNSHA)').fill('2030-04-02T16:00');
  await recordEstimate.getByLabel('Note (optional)').fill('Vessel delayed at Singapore');
  await recordEstimate.getByRole('button', { name: 'Save' }).click();
  await expect(recordEstimate).toBeHidden();
  await expect(arrivedRow.getByRole('button', { name: 'Retract estimated arrived' })).toBeVisible();
  await expect(arrivedRow).toContainText('2030');

  const events = page.getByRole('region', { name: 'Events', exact: true });
  await expect(events.getByRole('row')).toHaveCount(3);
  await expect(events.getByRole('row', { name: /Arrived ARRI Estimated CNSHA/ })).toBeVisible();
  await expect(events.getByRole('row', { name: /Departed DEPA Actual NLRTM/ })).toContainText('Stands');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(
    page.locator('.ant-descriptions-item').filter({ hasText: /^Status\s*Departed$/ }),
  ).toBeVisible();

  // A phone: the tables scroll inside the page, and a retraction asks why first.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Milestones' }).click();
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(390);
  await expectAccessible(page, { exclude: ['.ant-tabs-nav'] });
  await departedRow.getByRole('button', { name: 'Retract actual departed' }).click();
  const retract = page.getByRole('dialog', { name: 'Retract Departed (actual)?' });
  await retract.getByRole('button', { name: 'Retract' }).click();
  await expect(retract.getByText('Say why')).toBeVisible();
  await retract.getByLabel('Why').fill('Keyed on the wrong shipment');
  await expectAccessible(page, { include: '.ant-modal' });
  await retract.getByRole('button', { name: 'Retract' }).click();
  await expect(retract).toBeHidden();
  await expect(departedRow.getByRole('button', { name: 'Retract actual departed' })).toBeHidden();
  await expect(events.getByRole('row', { name: /Departed DEPA Actual NLRTM/ }).first()).toBeVisible();
  await expect(events.getByText('Retracted', { exact: true })).toBeVisible();
  await expect(events.getByText(': Keyed on the wrong shipment')).toBeVisible();
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The list shows the status the events give: the departure taken back, the shipment is a draft.
  await goInApp(page, '/shipments');
  await expect(page.getByRole('row', { name: new RegExp(shipment.reference) })).toContainText('Draft');
});
