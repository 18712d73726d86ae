import { constants, messages } from '@cargodesk/shared';
import {
  createCompanyUser,
  expect,
  expectAccessible,
  signIn,
  signInThroughScreen,
  test,
} from './fixtures.ts';

test('a protected deep link without the cookie goes to login, and back after signing in', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'deeplink' });
  const response = await page.goto('/settings/company');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?redirect_uri=%2Fsettings%2Fcompany$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\/company$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Company profile' })).toBeVisible();
});

test('the login page with the cookie goes on to redirect_uri, or to the dashboard', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'redirect' });
  await signIn(page, user, { at: '/login?redirect_uri=/settings/users&redirect_uri=/settings/roles' });
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Users' })).toHaveClass(/active/);

  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the cookie removed while signed in logs the user out', async ({ page, context, request }) => {
  const user = await createCompanyUser(request, { label: 'cookie' });
  await signIn(page, user);

  await context.clearCookies({ name: constants.tokenCookieName });
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
});

test('sign out clears the cookie and both storages', async ({ page, context, request }) => {
  const user = await createCompanyUser(request, { label: 'signout' });
  await signIn(page, user);
  // The reference data is persisted in session storage and the identity user in local storage.
  await expect.poll(() => page.evaluate(() => window.sessionStorage.length)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.localStorage.length)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Account' }).getByText(user.email)).toBeVisible();
  await expect(page.getByText(messages.available)).toBeVisible();
  await page.getByRole('button', { name: messages.signOut }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).filter(({ name }) => name === constants.tokenCookieName)).toEqual([]);
  expect(await page.evaluate(() => [window.sessionStorage.length, window.localStorage.length])).toEqual([
    0, 0,
  ]);
  // The session is gone on the server too: the old page cannot come back.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('navbar actions are hidden on a small screen, and one menu stands in for them', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'mobile' });
  await signIn(page, user);
  await expect(page.getByRole('button', { name: 'Mail' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Mail' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Cargodesk dashboard' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The menu reaches what the hidden actions did: notifications, settings, and signing out.
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await menuButton.click();
  const menu = page.getByRole('navigation', { name: 'Menu', exact: true });
  await expectAccessible(page);
  await menu.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();

  await menuButton.click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);

  await menuButton.click();
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('the gear opens the profile settings and the settings menu, inside the signed-in layout; each screen names the tab', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'settings' });
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Cargodesk');
  await signIn(page, user);
  await expect(page).toHaveTitle('Dashboard · Cargodesk');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { level: 2, name: 'My profile' })).toBeVisible();
  await expect(page).toHaveTitle('My profile · Cargodesk');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Airports' }).click();
  await expect(page).toHaveURL(/\/settings\/airport$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Airports' })).toBeVisible();
  await expect(page).toHaveTitle('Airports · Cargodesk');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveTitle('Users · Cargodesk');
  await page.goto('/no-such-page');
  // The address the user typed stays in the bar.
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Cargodesk');
});

test('the navbar icons name themselves on hover, and the dark bar shows the pointer and the keyboard', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'navbar-hints' });
  await signIn(page, user);
  const actions = page.getByRole('navigation', { name: 'Account' });
  const mail = actions.getByRole('button', { name: 'Mail', exact: true });
  const transparent = await mail.evaluate((element) => getComputedStyle(element).backgroundColor);
  for (const [target, hint] of [
    [mail, 'Mail'],
    [actions.getByRole('button', { name: 'Notifications' }), 'Notifications'],
    [actions.getByRole('link', { name: 'Settings' }), 'Settings'],
    [actions.getByRole('button', { name: 'Account menu' }), 'Account'],
  ] as const) {
    await target.hover();
    await expect(page.getByRole('tooltip', { name: hint, exact: true })).toBeVisible();
  }
  // A light wash under the pointer, which the kit's own hover colour would not give on the dark bar.
  await mail.hover();
  await expect
    .poll(() => mail.evaluate((element) => getComputedStyle(element).backgroundColor))
    .toBe('rgba(255, 255, 255, 0.18)');
  expect(transparent).not.toBe('rgba(255, 255, 255, 0.18)');
  // Tab from Notifications reaches Settings: a white ring shows where the keyboard is.
  await page.mouse.move(0, 400);
  await actions.getByRole('button', { name: 'Notifications' }).focus();
  await page.keyboard.press('Tab');
  const settings = actions.getByRole('link', { name: 'Settings' });
  await expect(settings).toBeFocused();
  const ring = await settings.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, color: style.outlineColor, width: style.outlineWidth };
  });
  expect(ring).toEqual({ style: 'solid', color: 'rgb(255, 255, 255)', width: '2px' });
  await expectAccessible(page);
});

test('a normal page load leaves no warning in the console', async ({ page, request }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(`${message.text()} (${page.url()})`);
  });
  const user = await createCompanyUser(request, { label: 'quiet-console' });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await signInThroughScreen(page, user);
  await page.goto('/settings/users');
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  // The addresses that only lead on to a screen: `/` to the dashboard, `/settings` to the profile.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { level: 2, name: 'My profile' })).toBeVisible();
  expect(warnings).toEqual([]);
});
