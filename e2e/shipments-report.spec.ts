import type { Locator, Page } from '@playwright/test';
import { createCompanyUser, expect, newAppToken, signIn, test } from './fixtures.ts';

// Shipments as a report source (docs/decisions/046-shipments-report-source.md): a forwarder builds
// a count of their shipments by port of discharge in the report builder.

const choose = async (page: Page, select: Locator, option: string) => {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
};

test('a report counts the company’s shipments by port of discharge', async ({ page, request }) => {
  const admin = await createCompanyUser(request, { label: 'shipments-report' });
  const headers = { authorization: await newAppToken(request, admin) };
  for (const portOfDischarge of ['CNSHA', 'CNSHA', 'DEHAM']) {
    const created = await request.post('/freightserver/api/v1/shipments', {
      headers,
      data: { mode: 'sea', direction: 'export', loadType: 'fcl', portOfLoading: 'NLRTM', portOfDischarge },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await signIn(page, admin, { at: '/reports/new' });
  await expect(page.getByRole('heading', { level: 1, name: 'New report' })).toBeVisible();
  await choose(page, page.getByLabel('Source', { exact: true }), 'Shipments');
  const result = page.getByRole('region', { name: 'Result' });
  // One row each, every column ticked: the booking status reads as words, the load as its code.
  await expect(result.getByRole('cell', { name: 'Received', exact: true })).toHaveCount(3);
  await expect(result.getByRole('cell', { name: 'FCL', exact: true })).toHaveCount(3);
  await choose(page, page.getByLabel('Group by', { exact: true }), 'Port of discharge');
  await page.keyboard.press('Escape');
  await expect(result.getByRole('row', { name: 'CNSHA 2' })).toBeVisible();
  await expect(result.getByRole('row', { name: 'DEHAM 1' })).toBeVisible();
});
