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
} from './fixtures.ts';

// Issue 13, points 3 and 4: every signed-in screen at a phone's width and at desktop widths, with the
// long names, emails and emoji real companies have. Nothing scrolls sideways, sign-out stays in
// reach on a phone, and the screens without an axe check elsewhere get one.
test.describe.configure({ timeout: 180_000 });

const api = '/iamserver/api/v1';
// 60 letters without a break, the longest a role name may be; a person's name with an emoji.
const longRoleName = 'Internationalfreightforwardingandcustomsclearancecoordinator';
const longFirstName = 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft';
const emojiLastName = '🚢 Hafen';

const appTokenOf = async (page: Page) => {
  const cookie = (await page.context().cookies()).find(({ name }) => name === constants.tokenCookieName);
  if (!cookie) throw new Error('No token cookie: not signed in');
  return cookie.value;
};

/**
 * The page's own width (more than the window's means the page scrolls sideways), and the innermost
 * elements that reach past the window's right edge, to name the culprit when it does.
 */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const overflowing = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter(
        (element) =>
          !Array.from(element.children).some(
            (child) => child.getBoundingClientRect().right > window.innerWidth + 1,
          ),
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}px`,
      )
      .join(', '),
  );
const expectNoSidewaysScroll = async (page: Page, width: number, where: string) => {
  const scrollWidth = await pageWidth(page);
  // The culprits are looked for only when there are some: it measures every element on the page.
  const culprits = scrollWidth > width ? await overflowing(page) : '';
  expect(scrollWidth, `${where} at ${width} px: ${culprits}`).toBeLessThanOrEqual(width);
};

/**
 * Issue 38, point 1: a table reads at a glance. Its tags and times keep to one line, and it stays
 * inside its card (a wide one scrolls in its own box, its actions pinned in view).
 */
const expectTablesReadAtAGlance = async (page: Page, where: string) => {
  const problems = await page.evaluate(() => {
    const linesOf = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.bottom))).size;
    };
    const wrapped = Array.from(document.querySelectorAll('.ant-table-tbody :is(.ant-tag, time)'))
      .filter((element) => linesOf(element) > 1)
      .map((element) => `"${element.textContent}" wraps`);
    const outside = Array.from(document.querySelectorAll('.ant-table-wrapper')).flatMap((table) => {
      const card = table.closest('.ant-card-body');
      const visible = table.querySelector('.ant-table-container')?.getBoundingClientRect();
      return card && visible && visible.right > card.getBoundingClientRect().right + 1
        ? ['a table runs past its card']
        : [];
    });
    const hiddenActions = Array.from(
      document.querySelectorAll('.ant-table-tbody .list-actions-cell'),
    ).flatMap((cell) => {
      const card = cell.closest('.ant-card-body');
      return card && cell.getBoundingClientRect().right > card.getBoundingClientRect().right + 1
        ? ['a row’s actions are out of view']
        : [];
    });
    return [...wrapped, ...outside, ...hiddenActions];
  });
  expect(problems, where).toEqual([]);
};

/** On a phone a list's first record shows without scrolling. */
const expectFirstCardAboveTheFold = async (page: Page, where: string) => {
  const firstCard = page.locator('.list-cards > li').first();
  if ((await firstCard.count()) === 0) return;
  const box = await firstCard.boundingBox();
  expect(box && box.y < 844, `${where}: the first record starts at ${box?.y}`).toBe(true);
};

/** The screens an admin reaches from the settings menu and the dashboard, each with what shows it has loaded. */
const screens = (ids: { userId: string; roleId: string }) =>
  [
    { path: '/dashboard', ready: { role: 'heading', name: /Welcome/ } },
    { path: '/settings/profile', ready: { role: 'heading', name: 'Profile' } },
    { path: '/settings/company', ready: { role: 'heading', name: 'Company' } },
    { path: '/settings/users', ready: { role: 'heading', name: 'Users' } },
    { path: `/settings/users/${ids.userId}`, ready: { role: 'heading', name: new RegExp(longFirstName) } },
    { path: '/settings/roles', ready: { role: 'heading', name: 'Roles' } },
    { path: `/settings/roles/${ids.roleId}`, ready: { role: 'dialog', name: new RegExp(longRoleName) } },
    { path: '/settings/picklist', ready: { role: 'heading', name: 'Picklists' } },
    { path: '/settings/oceanport', ready: { role: 'heading', name: /ports/i } },
    { path: '/settings/airport', ready: { role: 'heading', name: /airports/i } },
    { path: '/settings/countries', ready: { role: 'heading', name: 'Countries' } },
    { path: '/settings/currencies', ready: { role: 'heading', name: 'Currencies' } },
    { path: '/settings/templates', ready: { role: 'link', name: 'Booking confirmation email' } },
    { path: '/settings/audit', ready: { role: 'heading', name: 'Audit log' } },
    { path: '/contacts', ready: { role: 'heading', name: 'Contacts' } },
    { path: '/shipments', ready: { role: 'heading', name: 'Shipments' } },
  ] as const;

const openScreen = async (page: Page, screen: ReturnType<typeof screens>[number]) => {
  await goInApp(page, screen.path);
  await expect(page.getByRole(screen.ready.role, { name: screen.ready.name }).first()).toBeVisible();
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning, #nprogress')).toHaveCount(0);
};

/** A company whose role and invited user carry the long names, and every screen to visit. */
const signInWithLongNames = async (page: Page, request: APIRequestContext) => {
  await signIn(page, await createCompanyUser(request, { label: 'layout' }));
  const headers = { authorization: await appTokenOf(page) };
  const role = await request.post(`${api}/roles`, {
    headers,
    data: { name: longRoleName, description: 'Checks that a long name wraps.', permissions: ['users:read'] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const { data: createdRole } = (await role.json()) as { data: { _id: string } };
  const invite = await request.post(`${api}/users/invite`, {
    headers,
    data: {
      email: uniqueEmail('a-very-long-mailbox-name-for-the-layout-checks'),
      firstName: longFirstName,
      lastName: emojiLastName,
      roleIds: [createdRole._id],
    },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const { data: invited } = (await invite.json()) as { data: { _id: string } };
  // A picklist value as long as a value may be: its row keeps its Delete in view.
  const groups = await request.get('/master/api/v1/dropdown-groups?module=home', { headers });
  const [companyType] = ((await groups.json()) as { data: { _id: string }[] }).data;
  const value = await request.post(`/master/api/v1/dropdown-groups/${companyType?._id}/values`, {
    headers,
    data: { label: `${longFirstName} Logistics`, value: longFirstName.toLowerCase().slice(0, 60) },
  });
  expect(value.status(), await value.text()).toBe(201);
  return { headers, createdRole, all: screens({ userId: invited._id, roleId: createdRole._id }) };
};

// The screens are visited once per width in tests of their own, so that one slow machine's
// minutes are spent per width rather than summed into one test's time limit.
test('every screen fits a desktop without sideways scrolling, long names and all', async ({
  page,
  request,
}) => {
  const { createdRole, all } = await signInWithLongNames(page, request);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of all) {
      await openScreen(page, screen);
      await expectNoSidewaysScroll(page, width, screen.path);
      await expectTablesReadAtAGlance(page, `${screen.path} at ${width} px`);
    }
  }

  // At 1440 the users list shows its Invite button and its Actions column without any scrolling.
  await page.goto('/settings/users');
  await expect(page.getByRole('button', { name: 'Invite user' })).toBeInViewport();
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport();
  await expect(page.getByRole('row').filter({ hasText: longFirstName })).toBeVisible();

  // A role's 60-letter name in a dialog title stays clear of the close button.
  await page.goto(`/settings/roles/${createdRole._id}`);
  const dialog = page.getByRole('dialog', { name: new RegExp(longRoleName) });
  // Where the title's words end on screen, not its box, which runs under the button by design.
  const titleTextRight = await dialog.locator('.ant-modal-title').evaluate((title) => {
    const range = document.createRange();
    range.selectNodeContents(title);
    return Math.max(...Array.from(range.getClientRects(), (line) => line.right));
  });
  const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
  if (!close) throw new Error('The role dialog has no close button');
  expect(titleTextRight).toBeLessThanOrEqual(close.x);
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('every screen fits a phone without sideways scrolling, long names and all', async ({
  page,
  request,
}) => {
  const { headers, all } = await signInWithLongNames(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const screen of all) {
    await openScreen(page, screen);
    await expectNoSidewaysScroll(page, 390, screen.path);
    await expectFirstCardAboveTheFold(page, screen.path);
    // Sign-out is one menu away on every screen.
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeInViewport();
  }
  // The settings menu is one line on a phone: a picker that opens the chosen section.
  await page.goto('/settings/users');
  const section = page.getByRole('navigation', { name: 'Settings' }).getByLabel('Settings');
  await expect(section).toHaveValue('/settings/users');
  await section.selectOption({ label: 'Roles' });
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await expect(page.getByRole('heading', { name: 'Roles' }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Settings' })).toHaveCount(1);
  await expect(page.locator('.ant-skeleton, #nprogress')).toHaveCount(0);
  await expectAccessible(page);

  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await menuButton.click();
  await expect(
    page.getByRole('navigation', { name: 'Menu', exact: true }).getByRole('button', { name: 'Sign out' }),
  ).toBeInViewport();
  await page.keyboard.press('Escape');

  // An emoji in a name is one whole character in the avatar, not half of one.
  const renamed = await request.patch(`${api}/users/me`, { headers, data: { lastName: emojiLastName } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/profile');
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('.user-avatar')).toHaveText('E🚢');
});

test('users, roles and company have no accessibility violations', async ({ page, request }) => {
  await signIn(page, await createCompanyUser(request, { label: 'layout-a11y' }), { at: '/settings/users' });
  await expect(page.getByRole('row').filter({ hasText: 'Erin Tester' })).toBeVisible();
  await expect(page.locator('.ant-skeleton, #nprogress')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal' });
  await page.keyboard.press('Escape');

  await page.goto('/settings/roles');
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  await expect(page.locator('.ant-skeleton, #nprogress')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /Admin/ })).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal' });
  await page.keyboard.press('Escape');

  await page.goto('/settings/company');
  await expect(page.getByLabel('Company name')).toHaveValue('E2E layout-a11y Freight');
  await expect(page.locator('.ant-skeleton, #nprogress')).toHaveCount(0);
  await expectAccessible(page);
});
