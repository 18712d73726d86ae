import { createHash } from 'node:crypto';
import { constants } from '@cargodesk/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createCompanyUser,
  expect,
  expectAccessible,
  goInApp,
  signIn,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

// A shipment's documents (decision 049): a forwarder drafts the arrival notice from the company's
// seeded template, reads it live, approves and issues it (its PDF's SHA-256 shown, the download
// being that very file) and sends it to the consignee and the notify party in one action; the mails
// arrive in the developer mailbox with the PDF attached. Checked with axe at 1440 and 390 px.

const createByApi = async (
  request: APIRequestContext,
  headers: Record<string, string>,
  path: string,
  data: object,
) => {
  const response = await request.post(path, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string; reference?: string } }).data;
};

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Confirms the open confirmation with its button named `action`. */
const confirm = async (page: Page, action: string) => {
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: action, exact: true }).click();
};

test('a forwarder issues the arrival notice, reads its hash and sends it to the consignee and notify party', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'documents' });
  await signIn(page, admin, { at: '/shipments' });
  const token =
    (await page.context().cookies()).find(({ name }) => name === constants.tokenCookieName)?.value ?? '';
  const headers = { authorization: token };

  const consigneeEmail = uniqueEmail('consignee');
  const notifyEmail = uniqueEmail('notify');
  const base = await request.put('/master/api/v1/currency-settings/base', {
    headers,
    data: { baseCurrency: 'EUR' },
  });
  expect(base.ok(), await base.text()).toBe(true);
  const [consignee, notify] = await Promise.all([
    createByApi(request, headers, '/contactserver/api/v1/contacts', {
      kind: 'organisation',
      name: 'King Imports Ltd',
      emails: [{ address: consigneeEmail }],
      addresses: [{ street: '350 5th Ave', postalCode: '10118', city: 'New York', countryCode: 'US' }],
    }),
    createByApi(request, headers, '/contactserver/api/v1/contacts', {
      kind: 'organisation',
      name: 'Hudson Customs Brokers',
      emails: [{ address: notifyEmail }],
    }),
  ]);
  const shipment = await createByApi(request, headers, '/freightserver/api/v1/shipments', {
    mode: 'sea',
    direction: 'import',
    loadType: 'fcl',
    vesselName: 'Nordic Star',
    voyageNumber: '112W',
    parties: { consignee: { organisationId: consignee._id }, notifyParty: { organisationId: notify._id } },
  });
  const charges = await request.put(`/freightserver/api/v1/shipments/${shipment._id}/charges`, {
    headers,
    data: {
      lines: [
        {
          side: 'sell',
          chargeCode: 'THC-D',
          description: 'Terminal handling at destination',
          partyId: consignee._id,
          quantity: '1',
          unit: 'shipment',
          unitPrice: '345.50',
          currency: 'EUR',
          date: '2026-03-01',
        },
      ],
    },
  });
  expect(charges.ok(), await charges.text()).toBe(true);

  await goInApp(page, `/shipments/${shipment._id}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText('No documents yet')).toBeVisible();
  await expectAccessible(page);

  // A draft of the arrival notice, from the company's own seeded template, previewed live.
  await documents.getByLabel('Document kind').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Arrival notice', { exact: true }).click();
  await documents.getByRole('button', { name: 'Create draft' }).click();
  const row = documents.getByRole('row', { name: /Arrival notice, version 1/ });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Preview Arrival notice version 1' }).click();
  const preview = page.frameLocator('iframe[title="Preview of Arrival notice version 1"]');
  await expect(preview.getByText(shipment.reference ?? '')).toBeVisible();
  await expect(preview.getByText(/King Imports Ltd/).first()).toBeVisible();
  await expect(preview.getByText('Charges due before release: €345.50.')).toBeVisible();
  await expectAccessible(page, { isFrameSkipped: true });

  // Approved, then issued once confirmed: the PDF's SHA-256 shows in its row.
  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  await confirm(page, 'Approve');
  await expect(row).toContainText('Approved');
  await row.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(page.getByText(/The PDF is printed once and kept/)).toBeVisible();
  await confirm(page, 'Issue');
  await expect(row).toContainText('Issued', { timeout: 30_000 });
  const hash = row.getByTestId('document-sha256');
  await expect(hash).toHaveText(/^[0-9a-f]{64}$/);
  const shown = (await hash.textContent()) ?? '';

  // The download is the stored file: its bytes hash to what the row shows.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download PDF of Arrival notice version 1' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Arrival notice ${shipment.reference} v1.pdf`);
  const listed = await request.get(`/freightserver/api/v1/shipments/${shipment._id}/documents`, { headers });
  const [document] = ((await listed.json()) as { data: { _id: string }[] }).data;
  const pdf = await request.get(
    `/freightserver/api/v1/shipments/${shipment._id}/documents/${document?._id}/pdf`,
    {
      headers,
    },
  );
  expect(
    createHash('sha256')
      .update(await pdf.body())
      .digest('hex'),
  ).toBe(shown);
  await expectAccessible(page);

  // Sent to the consignee and the notify party in one action, with the PDF attached.
  await row.getByRole('button', { name: 'Send to consignee and notify party' }).click();
  await confirm(page, 'Send');
  await expect(page.getByText(`Sent to ${consigneeEmail}, ${notifyEmail}`)).toBeVisible();
  for (const to of [consigneeEmail, notifyEmail]) {
    const mail = await waitForMail(request, { to, subject: `Arrival notice ${shipment.reference}` });
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: `Arrival notice ${shipment.reference} v1.pdf`,
        contentType: 'application/pdf',
      }),
    ]);
  }

  // The composer opens from the document with both parties' addresses and the PDF attached by
  // reference, as a file picked from the stored ones would be.
  await row.getByRole('link', { name: 'Write a mail with Arrival notice version 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mail composer' });
  const chips = dialog
    .locator('.ant-select', { has: page.getByLabel('To', { exact: true }) })
    .locator('.ant-tag');
  await expect(chips).toHaveText([
    `King Imports Ltd <${consigneeEmail}>`,
    `Hudson Customs Brokers <${notifyEmail}>`,
  ]);
  const attached = dialog.locator('.compose-attachment').filter({
    hasText: `Arrival notice ${shipment.reference} v1.pdf`,
  });
  await expect(attached).toBeVisible();
  await dialog.getByLabel('Subject').fill(`Your arrival notice for ${shipment.reference}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Your mail is on its way.')).toBeVisible();
  const composed = await waitForMail(request, {
    to: consigneeEmail,
    subject: `Your arrival notice for ${shipment.reference}`,
  });
  expect(composed.attachments.map((attachment) => attachment.filename)).toEqual([
    `Arrival notice ${shipment.reference} v1.pdf`,
  ]);
  await dialog.locator('.ant-modal-close').click();
  await expect(dialog).toBeHidden();

  // On a phone the table scrolls inside the page, which does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hash).toHaveText(shown);
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(390);
  // As in the charges spec: antd's "more tabs" button is left out of the check on a narrow window.
  await expectAccessible(page, { exclude: ['.ant-tabs-nav'] });
  await page.setViewportSize({ width: 1440, height: 900 });
});
