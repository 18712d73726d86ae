import { constants, type TTemplateSummary } from '@cargodesk/shared';
import type { Page } from '@playwright/test';
import { createCompanyUser, demoAccounts, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Issue 14: the template settings list, a template's versions, restoring an older one.

const api = '/templateserver/api/v1';

const appTokenOf = async (page: Page) => {
  const cookie = (await page.context().cookies()).find(({ name }) => name === constants.tokenCookieName);
  if (!cookie) throw new Error('No token cookie: not signed in');
  return cookie.value;
};

test('a company starts with its templates; one is found, its versions shown, an older one restored', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'templates' });
  await signIn(page, admin, { at: '/settings/templates' });
  await expect(page.getByRole('heading', { level: 2, name: 'Templates' })).toBeVisible();
  await expect(page.getByText('36 templates', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Search templates').fill('booking');
  // A click on an option still sliding in can miss it: choose until the filter is in the address.
  await expect(async () => {
    await page.getByLabel('Filter by type').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Email', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]type=email/, { timeout: 1_000 });
  }).toPass();
  // The German variant is called otherwise: one email matches.
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Booking confirmation email');
  await expect(rows.first()).toContainText('Booking confirmation');
  // Its language by name, not by code.
  await expect(rows.first().getByRole('cell', { name: 'English', exact: true })).toBeVisible();

  // A copy starts as its own template with the same text.
  await rows.first().getByRole('button', { name: 'Duplicate Booking confirmation email (English)' }).click();
  await expect(page.getByText('Copy of Booking confirmation email created')).toBeVisible();
  await expect(rows.filter({ hasText: 'Copy of Booking confirmation email' })).toHaveCount(1);

  // A second version, saved through the API as the editor will.
  const token = await appTokenOf(page);
  const listed = await request.get(`${api}/templates?q=Booking%20confirmation%20email&language=en`, {
    headers: { authorization: token },
  });
  const [template] = ((await listed.json()) as { data: TTemplateSummary[] }).data;
  if (!template) throw new Error('The default booking confirmation is missing');
  const saved = await request.post(`${api}/templates/${template._id}/versions`, {
    headers: { authorization: token },
    data: {
      subject: 'Booking {{ shipment.reference }}',
      body: '<p>Second text for {{ recipient.name }}</p>',
    },
  });
  expect(saved.status()).toBe(201);

  await page.reload();
  await page.getByRole('button', { name: 'Versions of Booking confirmation email (English)' }).click();
  const drawer = page.getByRole('dialog', { name: 'Booking confirmation email' });
  await expect(drawer.getByRole('row', { name: 'Language English' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Current text (version 2)' })).toBeVisible();
  const currentText = drawer.locator('.template-drawer__source');
  await expect(currentText).toContainText('Second text for {{ recipient.name }}');
  await expect(drawer.getByText('Version 2 · current')).toBeVisible();
  await expectAccessible(page, { include: '.ant-drawer' });

  await drawer.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('Version 1 restored as version 3')).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Current text (version 3)' })).toBeVisible();
  await expect(currentText).toContainText('Your booking {{ shipment.reference }} is confirmed.');
  await page.keyboard.press('Escape');

  // Archived, it leaves the active list; deleted, it is gone.
  await page.goto('/settings/templates?q=Buchungsbest%C3%A4tigung%20E-Mail');
  const germanRow = page.getByRole('row').filter({ hasText: 'Buchungsbestätigung E-Mail' });
  await germanRow.getByRole('button', { name: 'Archive Buchungsbestätigung E-Mail (German)' }).click();
  await expect(page.getByText('Buchungsbestätigung E-Mail archived')).toBeVisible();
  await expect(germanRow.getByText('Archived')).toBeVisible();
  await germanRow.getByRole('button', { name: 'Delete Buchungsbestätigung E-Mail (German)' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Buchungsbestätigung E-Mail deleted')).toBeVisible();
  await expect(page.getByText('No templates match your search or filters.')).toBeVisible();

  // Names are unique within a kind: a document may take an email's name, a second document may not.
  const createDocument = async () => {
    await page.getByRole('button', { name: 'New template' }).click();
    const creating = page.getByRole('dialog', { name: 'New template' });
    await creating.getByLabel('Document (printed or sent as PDF)').check();
    await creating.getByLabel('Name').fill('Booking confirmation email');
    await creating.getByRole('button', { name: 'Create and edit' }).click();
    return creating;
  };
  await createDocument();
  await expect(page).toHaveURL(/\/settings\/templates\/[0-9a-f-]{36}\/document$/);
  await expect(page.getByText('Booking confirmation email created')).toBeVisible();
  await page.goto('/settings/templates');
  const again = await createDocument();
  await expect(
    again.getByText('A document template named "Booking confirmation email" in en already exists'),
  ).toBeVisible();
});

test('a Viewer reads templates without changing them, and a phone shows the list without sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccounts.viewer, { at: '/settings/templates' });
  await expect(
    page.getByText("You can view the company's templates, but your role", { exact: false }),
  ).toBeVisible();
  // A reader's only action is to see the versions.
  await expect(page.getByRole('button', { name: /^Duplicate / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await page.getByLabel('Search templates').fill('Quotation');
  await page.getByRole('button', { name: 'Versions of Quotation (English)' }).click();
  const drawer = page.getByRole('dialog', { name: 'Quotation' });
  await expect(drawer.getByText('Version 1 · current')).toBeVisible();
  await expect(drawer.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');

  // Scrolled to the foot of a long list, the screen's actions are still in reach at the top.
  await page.getByLabel('Search templates').fill('');
  const cards = page.getByRole('list', { name: 'Templates' }).getByRole('listitem');
  await expect(cards).toHaveCount(20);
  await cards.last().scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'More actions' })).toBeInViewport();
});
