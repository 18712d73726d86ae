import { constants, type TRole } from '@cargodesk/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { createCompanyUser, expect, inviteColleague, signIn, test, testPassword } from './fixtures.ts';

const api = '/iamserver/api/v1';

/** The signed-in browser's app token, for calling the API as that user. */
const appTokenOf = async (page: Page) => {
  const cookie = (await page.context().cookies()).find(({ name }) => name === constants.tokenCookieName);
  if (!cookie) throw new Error('No token cookie: not signed in');
  return cookie.value;
};

const listRoles = async (request: APIRequestContext, token: string) => {
  const response = await request.get(`${api}/roles`, { headers: { authorization: token } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: TRole[] }).data;
};

test('an admin creates a role with a permission set in the modal, and the server refuses a holder what it lacks', async ({
  page,
  request,
  browser,
}) => {
  // Sign-up, sign-in and an invited colleague: a long flow for a shared two-core machine.
  test.slow();
  const admin = await createCompanyUser(request, { label: 'roles-create' });
  await signIn(page, admin, { at: '/settings/roles' });
  await expect(page.getByRole('heading', { level: 2, name: 'Roles' })).toBeVisible();
  const rolesTable = page.getByRole('tabpanel', { name: 'Roles' });
  // "Roles" shows as the screen's heading and its tab, not a third time over the list.
  await expect(rolesTable.getByRole('heading', { name: 'Roles' })).toHaveCSS('position', 'absolute');
  const shownHeadings = await page
    .getByRole('heading', { name: 'Roles', exact: true })
    .evaluateAll(
      (headings) => headings.filter((heading) => heading.getBoundingClientRect().width > 1).length,
    );
  expect(shownHeadings).toBe(1);
  for (const name of ['Admin', 'Member', 'Viewer']) {
    await expect(rolesTable.getByRole('link', { name, exact: true })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page).toHaveURL(/\/accounts\/roles\/create\/$/);
  const dialog = page.getByRole('dialog', { name: 'Create role' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  // The list stays behind the modal.
  await expect(rolesTable.getByRole('link', { name: 'Member', exact: true })).toBeAttached();

  await dialog.getByLabel('Name').fill('Customs clerk');
  await dialog.getByLabel('Description').fill('Clears shipments');
  // Write brings read along.
  await dialog.getByRole('checkbox', { name: 'Write: Contacts' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Read: Contacts' })).toBeChecked();
  // The matrix works from the keyboard.
  await dialog.getByRole('checkbox', { name: 'Read: Files' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Read: Files' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Read: Audit history' }).check();
  await dialog.getByRole('checkbox', { name: 'Read: Audit history' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Send: Mail' }).check();
  await dialog.getByRole('button', { name: 'Create role' }).click();

  await expect(page.getByText('Role "Customs clerk" created')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await expect(dialog).toBeHidden();
  const row = rolesTable.getByRole('row', { name: /Customs clerk/ });
  await expect(row).toContainText('Clears shipments');
  await expect(row).toContainText('Custom');

  const token = await appTokenOf(page);
  const role = (await listRoles(request, token)).find(({ name }) => name === 'Customs clerk');
  expect(role?.permissions).toEqual(['contacts:read', 'contacts:write', 'mail:send', 'files:read']);

  // A duplicate name is refused next to the field.
  await page.getByRole('button', { name: 'Create role' }).click();
  const again = page.getByRole('dialog', { name: 'Create role' });
  await again.getByLabel('Name').fill('customs CLERK');
  await again.getByRole('button', { name: 'Create role' }).click();
  await expect(again.getByText('A role named "Customs clerk" already exists')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);

  const colleague = await inviteColleague(request, token);
  const assign = await request.put(`${api}/users/${colleague.userId}/roles`, {
    headers: { authorization: token },
    data: { roleIds: [role?._id] },
  });
  expect(assign.ok(), await assign.text()).toBe(true);
  const as = { authorization: colleague.jwt };
  // What the role grants passes; what it lacks is refused by the server, whatever the UI shows.
  expect((await request.get(`${api}/products`, { headers: as })).status()).toBe(200);
  const refusedRoles = await request.get(`${api}/roles`, { headers: as });
  expect(refusedRoles.status()).toBe(403);
  expect(await refusedRoles.json()).toEqual({
    error: { code: 'FORBIDDEN', message: 'This needs the roles:read permission' },
  });
  const refusedCreate = await request.post(`${api}/roles`, {
    headers: as,
    data: { name: 'Promoted', permissions: ['roles:write'] },
  });
  expect(refusedCreate.status()).toBe(403);
  expect((await request.get(`${api}/groups`, { headers: as })).status()).toBe(403);

  // In the browser, the holder's settings menu offers only the screens the role opens; a screen
  // reached by its address shows the 403 card and asks the API for nothing.
  const context = await browser.newContext();
  const holder = await context.newPage();
  const listCalls: string[] = [];
  holder.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `${api}/users`) listCalls.push(sent.url());
  });
  await signIn(holder, { email: colleague.email, password: testPassword });
  await holder.goto('/settings/profile');
  await expect(holder.getByRole('navigation', { name: 'Settings' }).getByRole('link')).toHaveText([
    'My profile',
    'API tokens',
  ]);
  await holder.goto('/settings/users');
  await expect(holder.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
  await expect(holder.getByText('Your roles do not let you see the users of your company.')).toBeVisible();
  expect(listCalls).toEqual([]);
  await context.close();
});

test('an admin edits a role at /settings/roles/{id}, sees Admin read-only, and deletes a role', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'roles-edit' });
  await signIn(page, admin);
  const token = await appTokenOf(page);
  const created = await request.post(`${api}/roles`, {
    headers: { authorization: token },
    data: { name: 'Night desk', permissions: ['contacts:read', 'contacts:write'] },
  });
  expect(created.status()).toBe(201);
  const { data: role } = (await created.json()) as { data: TRole };

  await page.goto(`/settings/roles/${role._id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit role: Night desk' });
  await expect(dialog).toBeVisible();
  await expect(
    page.getByRole('tabpanel', { name: 'Roles' }).getByRole('link', { name: 'Night desk' }),
  ).toBeAttached();
  await expect(dialog.getByRole('checkbox', { name: 'Write: Contacts' })).toBeChecked();
  await dialog.getByLabel('Name').fill('Night desk EU');
  // Taking read away takes write with it.
  await dialog.getByRole('checkbox', { name: 'Read: Contacts' }).uncheck();
  await expect(dialog.getByRole('checkbox', { name: 'Write: Contacts' })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Write: Reports' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role "Night desk EU" saved')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  const saved = (await listRoles(request, token)).find(({ _id }) => _id === role._id);
  expect(saved).toMatchObject({ name: 'Night desk EU', permissions: ['reports:read', 'reports:write'] });

  // The Admin role opens read-only, and closing goes back to the list.
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/roles\/[0-9a-f-]{36}$/);
  const adminDialog = page.getByRole('dialog', { name: 'Role: Admin' });
  await expect(adminDialog.getByText('The Admin role always has every permission')).toBeVisible();
  await expect(adminDialog.getByLabel('Name')).toBeDisabled();
  await expect(adminDialog.getByRole('checkbox', { name: 'Write: Users and groups' })).toBeChecked();
  await expect(adminDialog.getByRole('checkbox', { name: 'Write: Users and groups' })).toBeDisabled();
  await expect(adminDialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(adminDialog.getByRole('button', { name: 'Delete role' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/settings\/roles$/);

  // A system role other than Admin may be edited but offers no delete.
  await page.getByRole('row', { name: /Member/ }).click();
  const memberDialog = page.getByRole('dialog', { name: 'Edit role: Member' });
  await expect(memberDialog.getByText('you may change it, but not delete it')).toBeVisible();
  await expect(memberDialog.getByRole('button', { name: 'Delete role' })).toHaveCount(0);
  await memberDialog.getByRole('button', { name: 'Cancel' }).click();

  // Deleting an unused role asks first.
  await page.getByRole('link', { name: 'Night desk EU' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit role: Night desk EU' });
  await editDialog.getByRole('button', { name: 'Delete role' }).click();
  await expect(page.getByText('Delete the Night desk EU role?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Role "Night desk EU" deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await expect(page.getByRole('link', { name: 'Night desk EU' })).toHaveCount(0);
  expect((await listRoles(request, token)).map(({ name }) => name)).not.toContain('Night desk EU');
});

test('a role row duplicates the role into a new one and deletes it, asking first', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'roles-row-actions' });
  await signIn(page, admin, { at: '/settings/roles' });
  const viewerRow = page.getByRole('row', { name: /Viewer/ });
  // A system role can be copied but not deleted.
  await expect(viewerRow.getByRole('button', { name: 'Delete role Viewer' })).toHaveCount(0);
  await viewerRow.getByRole('button', { name: 'Duplicate role Viewer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create role' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Copy of Viewer');
  await expect(dialog.getByRole('checkbox', { name: 'Read: Users and groups' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Write: Users and groups' })).not.toBeChecked();
  await dialog.getByLabel('Name').fill('Auditor');
  await dialog.getByLabel('Name').press('Enter');
  await expect(page.getByText('Role "Auditor" created')).toBeVisible();

  const auditorRow = page.getByRole('row', { name: /Auditor/ });
  await auditorRow.getByRole('button', { name: 'Delete role Auditor' }).click();
  await expect(page.getByText('Delete the Auditor role?')).toBeVisible();
  // The confirmation's clicks stay with it: the row does not open the role.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Role "Auditor" deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await expect(page.getByRole('row', { name: /Auditor/ })).toHaveCount(0);
});

test('an admin creates, renames and deletes a group; members are set through the API', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createCompanyUser(request, { label: 'groups' });
  await signIn(page, admin);
  const token = await appTokenOf(page);

  await page.goto('/settings/roles');
  await page.getByRole('tab', { name: 'Groups' }).click();
  const groupsPanel = page.getByRole('tabpanel', { name: 'Groups' });
  await expect(groupsPanel.getByText('No groups yet')).toBeVisible();

  await groupsPanel.getByRole('button', { name: 'Create group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create group' });
  // Spaces alone are no name: the server's own check, in its words.
  await dialog.getByLabel('Name').fill('   ');
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByText('The name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Rotterdam desk');
  await dialog.getByLabel('Description').fill('Sea freight');
  await expect(dialog.getByLabel('Members')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText('Group "Rotterdam desk" created')).toBeVisible();
  const row = groupsPanel.getByRole('row', { name: /Rotterdam desk/ });
  await expect(row).toContainText('Sea freight');

  // Membership through the API (the member picker lists users once GET /users exists).
  const groups = (await (
    await request.get(`${api}/groups?q=Rotterdam`, { headers: { authorization: token } })
  ).json()) as {
    data: { _id: string }[];
  };
  const groupId = groups.data[0]?._id;
  const me = (await (
    await request.get(`${api}/auth/fetch-users-by-token`, { headers: { authorization: token } })
  ).json()) as {
    data: { _id: string }[];
  };
  const members = await request.put(`${api}/groups/${groupId}/members`, {
    headers: { authorization: token },
    data: { userIds: [me.data[0]?._id] },
  });
  expect(members.status()).toBe(200);
  const foreign = await request.put(`${api}/groups/${groupId}/members`, {
    headers: { authorization: token },
    data: { userIds: ['0190d4c2-0000-7000-8000-000000000000'] },
  });
  expect(foreign.status()).toBe(404);

  await page.reload();
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(
    groupsPanel.getByRole('row', { name: /Rotterdam desk/ }).getByRole('cell', { name: '1', exact: true }),
  ).toBeVisible();

  await groupsPanel.getByRole('button', { name: 'Rotterdam desk', exact: true }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit group: Rotterdam desk' });
  await expect(editDialog.getByText('Erin Tester')).toBeVisible();
  await editDialog.getByLabel('Name').fill('Rotterdam office');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group "Rotterdam office" saved')).toBeVisible();
  await expect(groupsPanel.getByRole('row', { name: /Rotterdam office/ })).toBeVisible();

  await groupsPanel.getByRole('button', { name: 'Delete group Rotterdam office' }).click();
  await expect(page.getByText('Delete the Rotterdam office group?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Group "Rotterdam office" deleted')).toBeVisible();
  await expect(groupsPanel.getByText('No groups yet')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
