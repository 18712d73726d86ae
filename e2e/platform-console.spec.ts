import { messages } from '@cargodesk/shared';
import type { Page } from '@playwright/test';
import { demoPassword, platformAdminEmail } from '../playwright.config.ts';
import { createCompanyUser, expect, expectAccessible, signIn, test, waitForMail } from './fixtures.ts';

// The platform console (/admin): the installation's platform administrator finds a company, ends
// and extends its plan, and suspends and reactivates it; the company's own user sees each change at
// their next sign-in.

// An operator east of UTC, where a plan's last day (it ends at 23:59:59.999 UTC) is already the next
// day's morning: the console still says the day the plan was given.
test.use({ timezoneId: 'Pacific/Auckland' });

const operator = { email: platformAdminEmail, password: demoPassword };
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A YYYY-MM-DD day as the operator's browser writes it (US English, no App settings chosen). */
const shownDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
// A company's name is searched for and must match one company only: each attempt names its own, so
// a retried test does not find the company its first attempt made.
const uniqueLabel = (label: string) => `${label}-${Date.now().toString(36)}`;

const openCompany = async (page: Page, name: string) => {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Platform console' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Companies' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search companies' }).fill(name);
  await expect(page.getByText('1 company', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

const setPlan = async (page: Page, plan: string, until: string) => {
  await page.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: /^Plan of / });
  await dialog.getByLabel('Plan', { exact: true }).fill(plan);
  // The day field reads a typed YYYY-MM-DD too; leaving it takes the day.
  await dialog.getByLabel('Plan until').fill(until);
  await dialog.getByLabel('Plan until').press('Tab');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog).toBeHidden();
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: messages.signOut }).click();
  await expect(page).toHaveURL(/\/login/);
};

test('a platform admin ends and extends a company’s plan, and the company’s banner follows at its next sign-in', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const label = uniqueLabel('console-plan');
  const customer = await createCompanyUser(request, { label });
  const companyName = `E2E ${label} Freight`;

  await signIn(page, operator);
  await openCompany(page, companyName);
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: customer.email })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page.getByRole('cell', { name: 'Every permission' })).toBeVisible();

  // The plan ran out yesterday: the company's user signs in to the red banner.
  await setPlan(page, 'Starter', dayFromNow(-1));
  await expect(page.getByText('Plan expired', { exact: true })).toBeVisible();
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, customer);
  const banner = customerPage.getByRole('alert').filter({ hasText: messages.subscriptionExpired });
  await expect(banner).toBeVisible();

  // Extended for a year: gone at the next sign-in.
  await setPlan(page, 'Business', dayFromNow(365));
  await expect(page.getByText('Plan expired', { exact: true })).toBeHidden();
  await expect(page.locator('.ant-descriptions').getByText('Business', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-descriptions')).toContainText(shownDay(dayFromNow(365)));
  await signOut(customerPage);
  await signIn(customerPage, customer);
  await expect(customerPage.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(banner).toBeHidden();

  // The platform trail says who did it to whom.
  await page
    .getByRole('navigation', { name: 'Platform console' })
    .getByRole('link', { name: 'Platform trail' })
    .click();
  await page.getByRole('textbox', { name: 'Search the trail' }).fill(companyName);
  const latest = page.getByRole('row', { name: /Changed the plan/ }).first();
  await expect(latest).toContainText(platformAdminEmail);
  await expect(latest).toContainText(`Business until ${shownDay(dayFromNow(365))}`);
  await expectAccessible(page);
  await customerContext.close();
});

test('a platform admin suspends a company with a reason its admin is mailed, then reactivates it', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const label = uniqueLabel('console-status');
  const customer = await createCompanyUser(request, { label });
  const companyName = `E2E ${label} Freight`;
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, customer);

  await signIn(page, operator);
  await openCompany(page, companyName);
  await page.getByRole('button', { name: 'Suspend' }).click();
  const suspend = page.getByRole('dialog', { name: `Suspend ${companyName}` });
  await expectAccessible(page, { include: '.ant-modal' });
  // A reason is required: the company's admins read it.
  await suspend.getByRole('button', { name: 'Suspend company' }).click();
  await expect(suspend.getByText('Say why: the company’s admins read it.')).toBeVisible();
  await suspend.getByLabel('Reason').fill('Invoice 2026-118 is three months overdue');
  await suspend.getByRole('button', { name: 'Suspend company' }).click();
  await expect(suspend).toBeHidden();
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(page.getByText('Invoice 2026-118 is three months overdue')).toBeVisible();
  const mail = await waitForMail(request, { to: customer.email, subject: 'was suspended' });
  expect(mail.text).toContain('Invoice 2026-118 is three months overdue');

  // The signed-in user is sent back to sign-in at their next request, and cannot sign in again.
  await customerPage.reload();
  await expect(customerPage).toHaveURL(/\/login/);
  await customerPage.getByLabel('Email').fill(customer.email);
  await customerPage.getByLabel('Password').fill(customer.password);
  await customerPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(customerPage.getByText(messages.accountSuspended).first()).toBeVisible();

  await page.getByRole('button', { name: 'Reactivate' }).click();
  const reactivate = page.getByRole('dialog', { name: `Reactivate ${companyName}` });
  await reactivate.getByLabel('Note to the company’s admins').fill('Paid in full, thank you');
  await reactivate.getByRole('button', { name: 'Reactivate company' }).click();
  await expect(reactivate).toBeHidden();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await signIn(customerPage, customer);
  await customerContext.close();
});

test('the console stays closed to a company admin, and fits a phone', async ({ page, request }) => {
  const admin = await createCompanyUser(request, { label: 'console-closed' });
  await signIn(page, admin);
  await expect(page.getByRole('link', { name: 'Platform console' })).toHaveCount(0);
  await page.goto('/admin/companies');
  await expect(
    page.getByText('Only a platform administrator of this installation may open the platform console.'),
  ).toBeVisible();
  await expectAccessible(page);

  await signOut(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, operator, { at: '/admin/companies' });
  await expect(page.getByRole('heading', { level: 2, name: 'Companies' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Companies' }).getByRole('listitem').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
