import { createCompanyUser, expect, newAppToken, signIn, test } from './fixtures.ts';

// The Go to palette finds a shipment by a container it carries, as by its reference, and Enter
// opens it: the freight list's own search (reference, container, bill and air waybill numbers).

test('Ctrl-K finds a shipment by its container number and Enter opens it', async ({ page, request }) => {
  const admin = await createCompanyUser(request, { label: 'shipment-palette' });
  const headers = { authorization: await newAppToken(request, admin) };
  const created = await request.post('/freightserver/api/v1/shipments', {
    headers,
    data: {
      mode: 'sea',
      direction: 'export',
      loadType: 'fcl',
      portOfLoading: 'NLRTM',
      portOfDischarge: 'CNSHA',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data: shipment } = (await created.json()) as { data: { _id: string; reference: string } };
  const cargo = await request.put(`/freightserver/api/v1/shipments/${shipment._id}/cargo`, {
    headers,
    data: { lines: [], containers: [{ number: 'MSKU9070323', sizeType: '22G1' }] },
  });
  expect(cargo.status(), await cargo.text()).toBe(200);

  await signIn(page, admin);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Go to' });
  const search = palette.getByRole('combobox', { name: 'Screen, shipment, user, role or port' });
  await expect(search).toBeFocused();
  await search.fill('MSKU9070323');
  const found = palette
    .getByRole('group', { name: 'Shipments' })
    .getByRole('option', { name: /NLRTM → CNSHA/ });
  await expect(found).toContainText(shipment.reference);
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/shipments/${shipment._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: shipment.reference })).toBeVisible();

  // By its reference, too.
  await page.keyboard.press('Control+k');
  await search.fill(shipment.reference);
  await expect(
    palette
      .getByRole('group', { name: 'Shipments' })
      .getByRole('option', { name: new RegExp(shipment.reference) }),
  ).toHaveAttribute('aria-selected', 'true');
});
