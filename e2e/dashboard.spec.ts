import { constants } from '@cargodesk/shared';
import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Issue 38, defect 7: the dashboard is where a user starts the day. A new company's admin sees what
// to set up; once work is done elsewhere, the dashboard shows what changed, the newest contacts,
// the open problems and the mail, each leading to where it lives.

test('the dashboard shows a new company what to set up, then its recent changes, contacts and problems', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'dashboard' });
  await signIn(page, admin);

  const start = page.getByRole('region', { name: 'Getting started' });
  const progress = start.getByText(/^\d of 5 done$/);
  await expect(progress).toBeVisible();
  const doneAtFirst = Number.parseInt((await progress.textContent()) ?? '', 10);
  await expect(start.getByRole('link', { name: 'Invite a colleague' })).toBeVisible();
  await expect(start.getByRole('link', { name: 'Add your contacts' })).toBeVisible();
  await expect(start.getByRole('link', { name: 'Make a template your own' })).toBeVisible();
  const contacts = page.getByRole('region', { name: 'Recent contacts' });
  await expect(contacts.getByText('No contacts yet.')).toBeVisible();
  await expect(contacts.getByRole('link', { name: 'Add or import your first ones' })).toBeVisible();
  const problems = page.getByRole('region', { name: 'Reported problems' });
  await expect(problems.getByText('No problem is open. Report one from your avatar menu.')).toBeVisible();
  const mail = page.getByRole('region', { name: 'Recent mail' });
  await expect(mail.getByText(/^No mail sent yet\./)).toBeVisible();
  await mail.getByRole('link', { name: 'Write one' }).click();
  await expect(page.getByRole('dialog', { name: 'Mail composer' })).toBeVisible();
  // The link's field leaves the address: a reload does not open the composer again.
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && url.search === '');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Mail composer' })).toHaveCount(0);
  // Facts a user does not act on are gone.
  await expect(page.getByText(/countries, \d+ currencies/)).toHaveCount(0);
  await expectAccessible(page);

  // Work done elsewhere, as another tab does it.
  const token = (await page.context().cookies()).find(
    ({ name }) => name === constants.tokenCookieName,
  )?.value;
  const created = await request.post('/contactserver/api/v1/contacts', {
    headers: { authorization: token ?? '' },
    data: { kind: 'organisation', name: 'Nordhafen Logistik GmbH', roles: ['customer'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const reported = await request.post('/iamserver/api/v1/issue/tracker', {
    headers: { authorization: token ?? '' },
    data: { title: 'Rates screen shows yesterday', severity: 'high' },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  await page.reload();
  await expect(start.getByText('Add your contacts')).toBeVisible();
  await expect(start.getByRole('link', { name: 'Add your contacts' })).toHaveCount(0);
  await expect(start.getByText(`${doneAtFirst + 1} of 5 done`)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Recent changes' })
      .getByText('You created the contact “Nordhafen Logistik GmbH”.'),
  ).toBeVisible();
  await expect(problems.getByText('1 open, 0 in progress')).toBeVisible();
  await expect(problems.getByRole('link', { name: 'Rates screen shows yesterday' })).toBeVisible();
  await expectAccessible(page);

  // On a phone the panels stack, nothing runs off the side, and what to do next comes first.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(start).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await contacts.getByRole('link', { name: 'Nordhafen Logistik GmbH' }).click();
  await expect(page.getByRole('heading', { name: 'Nordhafen Logistik GmbH' })).toBeVisible();
});
