import { messages } from '@cargodesk/shared';
import {
  actionPathIn,
  createCompanyUser,
  expect,
  signIn,
  test,
  testPassword,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

test('register, verify the e-mail from the mailbox, then sign in to the dashboard', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('register');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create a company account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Company name').fill('Harbour Lines Ltd');
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
  await expect(page.getByText(messages.verifyEmailBanner)).toBeVisible();
  await expect(page.getByText(messages.verifyEmailNotice)).toBeVisible();
  await page.getByRole('button', { name: messages.resendEmailLink }).click();
  await expect(page.getByText(messages.verificationSent)).toBeVisible();

  // One from the registration, one from "Resend Email": the newest link is used.
  const mail = await waitForMail(request, { to: email, subject: 'Verify', count: 2 });
  await page.goto(actionPathIn(mail));
  await expect(page.getByText('Your e-mail address is verified')).toBeVisible();
  await page.getByRole('button', { name: 'Go to sign in' }).click();

  await signIn(page, { email, password: testPassword });
  await expect(page.getByText(messages.verifyEmailBanner)).toBeHidden();
  await expect(page.getByText('Robin Quay')).toBeVisible();
});

test('a wrong password is refused with a message', async ({ page, request }) => {
  const user = await createCompanyUser(request, { label: 'wrong' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The e-mail or password is incorrect.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password: reset through the mailed link, then sign in with the new password', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'reset' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
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

  await signIn(page, { email: user.email, password: newPassword });
});

test('a suspended account gets the notice and is logged out', async ({ page, request }) => {
  const user = await createCompanyUser(request, { label: 'suspended' });
  // The server answers a suspended company's login with 403 "Account was suspended" (DESIGN §6);
  // no company is suspended through the API yet, so the reply is given here.
  await page.route('**/iamserver/api/v1/auth/login', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Account was suspended' } }),
    }),
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.locator('.ant-message').getByText(messages.accountSuspended)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('an expired plan shows the banner and the mail icon answers with the toast', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'expired' });
  // isExpired is computed by the server from the plan's expiry date; a fresh trial is not expired,
  // so the flag is turned on in the reply.
  await page.route('**/iamserver/api/v1/auth/fetch-users-by-token', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown>[] };
    body.data = body.data.map((entry) => ({ ...entry, isExpired: true }));
    await route.fulfill({ response, json: body });
  });
  await signIn(page, user);

  const banner = page.getByRole('alert').filter({ hasText: messages.subscriptionExpired });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveCSS('text-align', 'center');
  await expect(banner).toHaveCSS('background-color', 'rgb(198, 40, 40)');
  await page.getByRole('button', { name: 'Mail' }).click();
  await expect(page.locator('.ant-message').getByText(messages.subscriptionExpired)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Mail composer' })).toBeHidden();
});

test('without an expired plan the mail icon opens the mail modal', async ({ page, request }) => {
  const user = await createCompanyUser(request, { label: 'mail' });
  await signIn(page, user);
  await page.getByRole('button', { name: 'Mail' }).click();
  await expect(page.getByRole('dialog', { name: 'Mail composer' })).toBeVisible();
  await expect(page.getByText('Sending mail from Cargodesk is coming soon.')).toBeVisible();
});

test('two-factor sign-in: the login query carries the identity token, a wrong code is refused', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'twofactor' });
  // No company has two-factor on through the API yet, so the server's two-factor replies (DESIGN §6)
  // are given here; the right code is exchanged for a real session by the real login endpoint.
  const codeRequests: string[] = [];
  await page.route('**/iamserver/api/v1/auth/login', (route) =>
    route.fulfill({
      json: { data: { twoFactorAuth: true, emailId: user.email, company: null, products: [] } },
    }),
  );
  await page.route('**/iamserver/api/v1/auth/codeAuth/resend', (route) =>
    route.fulfill({ json: { data: { sent: true } } }),
  );
  await page.route('**/iamserver/api/v1/auth/codeAuth', async (route) => {
    const { code } = route.request().postDataJSON() as { code: string };
    codeRequests.push(code);
    if (code !== '123456') {
      await route.fulfill({
        status: 401,
        json: {
          error: { code: 'UNAUTHENTICATED', message: 'The code is not correct. Please check the e-mail.' },
        },
      });
      return;
    }
    const response = await route.fetch({
      url: route.request().url().replace('/codeAuth', '/login'),
      method: 'GET',
    });
    await route.fulfill({ response });
  });

  await page.goto('/login?redirect_uri=/settings/profile');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(
    /\/login\?fbtkn=[^&]+&mailcode=true&emailId=[^&]+&redirect_uri=%2Fsettings%2Fprofile$/,
  );
  await expect(page.getByText(`We have sent a 6-digit sign-in code to ${user.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText(`A new code is on its way to ${user.email}.`)).toBeVisible();

  await page.getByLabel('Sign-in code').fill('000000');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText('The code is not correct. Please check the e-mail.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?fbtkn=/);

  await page.getByLabel('Sign-in code').fill('123456');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { level: 2, name: 'My profile' })).toBeVisible();
  expect(codeRequests).toEqual(['000000', '123456']);
});
