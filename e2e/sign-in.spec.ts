import { messages } from '@cargodesk/shared';
import {
  actionPathIn,
  createCompanyUser,
  demoAccounts,
  expect,
  expectAccessible,
  signInThroughScreen,
  test,
  testPassword,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

test('register, verify the email from the mailbox, then sign in to the dashboard', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('register');
  await page.goto('/login');
  // The sign-in page's links are in the brand's colour, not the browser's blue.
  await expect(page.getByRole('link', { name: 'Create a company account' })).toHaveCSS(
    'color',
    'rgb(19, 117, 107)',
  );
  await page.getByRole('link', { name: 'Create a company account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Company name').fill('Harbour Lines Ltd');
  // The country sets the base currency; on a phone the form still fits the screen.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Country').selectOption({ label: 'Switzerland' });
  await expect(page.getByText('Sets your base currency and the currencies in use')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  if (desktop) await page.setViewportSize(desktop);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Quay');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('abc');
  await expect(page.getByText(/The password needs at least 6 characters/)).toBeVisible();
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Robin' })).toBeVisible();
  await expect(page.getByText('Harbour Lines Ltd')).toBeVisible();
  // The dashboard's first steps: the country chose the base currency; the admin is still alone.
  const start = page.getByRole('region', { name: 'Getting started' });
  await expect(start.getByText('1 of 5 done')).toBeVisible();
  await expect(start.getByText('Choose your base currency')).toBeVisible();
  await expect(start.getByRole('link', { name: 'Choose your base currency' })).toHaveCount(0);
  await expect(start.getByRole('link', { name: 'Invite a colleague' })).toBeVisible();
  await expect(page.getByText(messages.verifyEmailBanner)).toBeVisible();
  await expect(page.getByText(messages.verifyEmailNotice)).toBeVisible();
  await page.getByRole('button', { name: messages.resendEmailLink }).click();
  await expect(page.getByText(messages.verificationSent)).toBeVisible();

  // One from the registration, one from "Resend Email": the newest link is used.
  const mail = await waitForMail(request, { to: email, subject: 'Verify', count: 2 });
  await page.goto(actionPathIn(mail));
  await expect(page.getByText('Your email address is verified')).toBeVisible();
  await page.getByRole('button', { name: 'Go to sign in' }).click();

  await signInThroughScreen(page, { email, password: testPassword });
  await expect(page.getByText(messages.verifyEmailBanner)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Robin' })).toBeVisible();

  // Its country's currency is the base, and only it and the majors are in use.
  await page.goto('/settings/currencies');
  await expect(page.getByLabel('Base currency')).toBeVisible();
  await expect(page.locator('.ant-select', { has: page.getByLabel('Base currency') })).toContainText(
    'CHF — Swiss Franc',
  );
  await expect(page.getByRole('row').nth(1)).toContainText('CHF');
  await expect(page.getByRole('row').nth(1).getByText('Base', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search currencies' }).fill('USD');
  await expect(page.getByRole('switch', { name: 'USD in use' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Search currencies' }).fill('JPY');
  await expect(page.getByRole('switch', { name: 'JPY in use' })).not.toBeChecked();
});

test('a wrong password is refused with a message', async ({ page, request }) => {
  const user = await createCompanyUser(request, { label: 'wrong' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The answer was to the password typed before: changing it clears the stale message.
  await page.getByLabel('Password').fill('another-try');
  await expect(page.getByText('The email or password is incorrect.')).toHaveCount(0);
});

test('forgot password: reset through the mailed link, then sign in with the new password', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'reset' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in form has an Email field too: type once the reset page has taken its place.
  await expect(page.getByRole('heading', { level: 2, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const mail = await waitForMail(request, { to: user.email, subject: 'Reset' });
  await page.goto(actionPathIn(mail));
  await expect(page.getByText(`Choose a new password for ${user.email}`)).toBeVisible();
  const newPassword = 'Container-Yard-77';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  // The link is single-use.
  await page.goto(actionPathIn(mail));
  await expect(page.getByText(/invalid or has already been used/)).toBeVisible();

  await signInThroughScreen(page, { email: user.email, password: newPassword });
});

test('a suspended account gets the notice and is logged out', async ({ page, context }) => {
  // Suspended Logistics: the server answers its admin's login with 403 "Account was suspended".
  const { email, password } = demoAccounts.suspended;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.locator('.ant-message').getByText(messages.accountSuspended)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The spec's words send the user to their Admin; an Admin is told where their own next step is.
  const notice = page.locator('.auth-notice').filter({ hasText: messages.accountSuspended });
  await expect(notice).toContainText(
    'If you are your company’s Admin: when Cargodesk suspends a company it e-mails the reason to the company’s Admins. Reply to your Cargodesk contact to have it reactivated.',
  );
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect((await context.cookies()).map(({ name }) => name)).not.toContain('token');
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('an expired plan shows the banner and the mail icon answers with the toast', async ({ page }) => {
  // Expired Cargo Co: its plan expired yesterday, so the server reports the user as expired.
  await signInThroughScreen(page, demoAccounts.expiredPlan);

  const banner = page.getByRole('alert').filter({ hasText: messages.subscriptionExpired });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveCSS('text-align', 'center');
  await expect(banner).toHaveCSS('background-color', 'rgb(198, 40, 40)');
  await expect(banner.locator('.anticon-warning')).toBeVisible();
  // Under the spec's line, how to reach support and where the plan is.
  await expect(banner).toContainText(
    'To renew the plan, report a problem and Cargodesk support will answer.',
  );
  await banner.getByRole('button', { name: 'report a problem' }).click();
  const report = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(report).toBeVisible();
  await report.getByRole('button', { name: 'Cancel' }).click();
  await expect(report).toBeHidden();
  await banner.getByRole('link', { name: 'See your plan' }).click();
  await expect(page).toHaveURL(/\/settings\/company$/);
  await expect(page.getByText('Expired', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mail' }).click();
  await expect(page.locator('.ant-message').getByText(messages.subscriptionExpired)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Mail composer' })).toBeHidden();
});

test('without an expired plan the mail icon opens the mail modal', async ({ page, request }) => {
  const user = await createCompanyUser(request, { label: 'mail' });
  await signInThroughScreen(page, user);
  await page.getByRole('button', { name: 'Mail' }).click();
  await expect(page.getByRole('dialog', { name: 'Mail composer' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
});

test('two-factor sign-in: the login query carries the identity token, a wrong code is refused, the mailed code signs in', async ({
  page,
  request,
  twoFactorAccount,
}) => {
  // Secure Shipping AG has two-factor on: login answers without a session and mails a 6-digit code.
  // The fixture keeps other tests off the account meanwhile, so its newest mail holds the live code:
  // on a retry the server mails nothing new while the first code is still unused, and that code still works.
  const { email, password } = twoFactorAccount;
  // Every address the app gives the tab, to see the step's query even though the page hides it.
  await page.addInitScript(() => {
    const addresses: string[] = [];
    Object.assign(window, { cargodeskAddresses: addresses });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = window.history[method].bind(window.history);
      window.history[method] = (state, unused, url) => {
        if (url) addresses.push(String(url));
        original(state, unused, url);
      };
    }
  });
  await page.goto('/login?redirect_uri=/settings/profile');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByText(`We have sent a 6-digit sign-in code to ${email}`)).toBeVisible();
  // The step's route carries the spec's query fields…
  const addresses = await page.evaluate(
    () => (window as unknown as { cargodeskAddresses: string[] }).cargodeskAddresses,
  );
  const stepAddress = addresses.find((address) => address.includes('fbtkn='));
  expect(stepAddress).toBeDefined();
  const query = new URL(stepAddress ?? '', page.url()).searchParams;
  expect([...query.keys()]).toEqual(['fbtkn', 'mailcode', 'emailId', 'redirect_uri']);
  expect(query.get('fbtkn')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(query.get('mailcode')).toBe('true');
  expect(query.get('emailId')).toBe(email);
  expect(query.get('redirect_uri')).toBe('/settings/profile');
  // …and the page takes the token out of the address bar and its history entry at once.
  expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe('/settings/profile');
  expect([...new URL(page.url()).searchParams.keys()]).toEqual(['redirect_uri']);
  expect(await page.evaluate(() => window.location.href)).not.toContain('fbtkn');
  expect((await page.context().cookies()).map(({ name }) => name)).not.toContain('token');

  const mail = await waitForMail(request, { to: email, subject: 'sign-in code' });
  const code = mail.subject.match(/\b(\d{6})$/)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  await page.getByLabel('Sign-in code').fill(wrongCode);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is not correct' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect_uri=/);

  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'My profile' })).toBeVisible();
  expect((await page.context().cookies()).map(({ name }) => name)).toContain('token');
});
