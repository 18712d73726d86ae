import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// The History drawer of an edit screen: who changed what, read from the audit trail.

test('the profile history shows who changed which field, newest first', async ({ page, request }) => {
  const user = await createCompanyUser(request, { label: 'history' });
  await signIn(page, user, { at: '/settings/profile' });
  await expect(page.getByLabel('First name')).toHaveValue('Erin');
  await page.getByLabel('Phone').fill('+49 40 123456');
  await page.getByRole('button', { name: 'Save profile' }).click();
  const toast = page.locator('.ant-message-notice').first();
  await expect(toast).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'My history' });
  await expect(drawer).toBeVisible();
  // The save's toast is still up: the drawer's title stands clear of it.
  await expect(toast).toBeVisible();
  const title = drawer.locator('.ant-drawer-title');
  await expect
    .poll(async () => {
      const [toastBox, titleBox] = await Promise.all([toast.boundingBox(), title.boundingBox()]);
      return toastBox && titleBox ? titleBox.y - (toastBox.y + toastBox.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  const latest = drawer.getByRole('article').first();
  // A sentence with the person's name, the field in words and local time: no ids, no JSON.
  await expect(latest).toContainText('Erin Tester set the phone to “+49 40 123456”.');
  await expect(latest.locator('time')).toHaveText(/\d{4}.*\d{1,2}:\d{2}/);
  await expect(drawer).not.toContainText(/[{}"]|_id/);
  await expectAccessible(page, { include: '.ant-drawer' });
});

test('the company history records a settings change with its old and new value', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'company-history' });
  await signIn(page, user, { at: '/settings/company' });
  const phone = page.getByLabel('Phone');
  await expect(phone).toBeEditable();
  await phone.fill('+31 10 555 0101');
  await page.getByRole('button', { name: 'Save company profile' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  // The single sign-on card on the same page has a history of its own.
  await page.getByRole('button', { name: 'Company history' }).click();
  const drawer = page.getByRole('dialog', { name: 'Company history' });
  const latest = drawer.getByRole('article').first();
  await expect(latest).toContainText(
    /changed the phone from “.*” to “\+31 10 555 0101”\.|set the phone to “\+31 10 555 0101”\./,
  );
  await expect(latest).toContainText(/^\S.*Erin Tester (changed|set) the phone/);
});
