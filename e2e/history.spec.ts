import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// The History drawer of an edit screen: who changed what, read from the audit trail.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

test('the profile history shows who changed which field, newest first', async ({ page, request }) => {
  const user = await createCompanyUser(request, { label: 'history' });
  await signIn(page, user);
  await page.goto('/settings/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Erin');
  await page.getByLabel('Phone').fill('+49 40 123456');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'My history' });
  await expect(drawer).toBeVisible();
  const latest = drawer.getByRole('article').first();
  await expect(latest).toContainText('Updated');
  await expect(latest).toContainText(`by ${user.email}`);
  await expect(latest).toContainText('phone');
  await expect(latest).toContainText('+49 40 123456');
  await expectAccessible(page, { include: '.ant-drawer' });
});

test('the company history records a settings change with its old and new value', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'company-history' });
  await signIn(page, user);
  await page.goto('/settings/company');
  const phone = page.getByLabel('Phone');
  await expect(phone).toBeEditable();
  await phone.fill('+31 10 555 0101');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'Company history' });
  const latest = drawer.getByRole('article').first();
  await expect(latest).toContainText('Updated');
  await expect(latest).toContainText(`by ${user.email}`);
  await expect(latest).toContainText('+31 10 555 0101');
});
