import {
  invitationLinkLifetimeDays,
  type TCompanyUser,
  type TListMeta,
  userMessages,
  type ZInviteUserRequest,
  type ZUpdateUserRequest,
  type ZUserListQuery,
} from '@cargodesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { TMailRecipientLimits } from '../../../config.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { buildInviteMail } from '../../../identity/action-mails.ts';
import type { IdentityAdmin } from '../../../identity/identity-admin.ts';
import { IdentityError } from '../../../identity/identity-error.ts';
import type { TProjectName } from '../../../identity/projects.ts';
import type { TMailer } from '../../../mail/mail-plugin.ts';
import { consumeRecipientBudget } from '../../../mail/recipient-budget.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import { recordAudit, type TAuditActor } from '../../../platform/events/audit.ts';
import type { TDomainEvents } from '../../../platform/events/domain-events.ts';
import type { TEventsBus } from '../../../platform/events/events-bus.ts';
import { AppError, fieldError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import { findUserLinkByIdentity } from '../repository.ts';
import {
  assertMayGrantRoles,
  grantMessages,
  holdsEveryPermission,
  lockRightsAndReadGrantor,
  type TGrantor,
} from '../roles-and-groups/grant-rules.ts';
import { endSessions } from '../sign-in/session-end.ts';
import * as repository from './users-repository.ts';

/** Who asks for a change: their resolved session, and how the audit trail names them. */
export type TUsersCaller = { auth: TAuthContext; actor: TAuditActor };

/** An invitation may be sent again once a minute. */
export const inviteResendIntervalMs = 60_000;

const tooManyInvitesMessage = 'Your company has sent too many invitations in the last hour; try again later';

type TUserRecord = repository.TUserRecord;
type TRoleOfUser = Awaited<ReturnType<typeof repository.findRolesOfUsers>>[number];
type TGroupOfUser = Awaited<ReturnType<typeof repository.findGroupsOfUsers>>[number];

const fullName = ({ firstName, lastName }: { firstName: string; lastName: string }) =>
  `${firstName} ${lastName}`.trim();

const toUserView = (user: TUserRecord, roles: TRoleOfUser[], groups: TGroupOfUser[]): TCompanyUser => ({
  _id: user.id,
  name: fullName(user),
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
  avatarFileId: user.avatarFileId,
  status: user.status,
  isAdmin: roles.some((role) => role.systemKey === 'admin'),
  roles: roles.map(({ id, name }) => ({ _id: id, name })),
  groups: groups.map(({ id, name }) => ({ _id: id, name })),
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  invitedAt: user.invitedAt?.toISOString() ?? null,
});

const toUserViews = async (tx: Tx, companyId: string, rows: TUserRecord[]) => {
  const ids = rows.map((row) => row.id);
  const roles = await repository.findRolesOfUsers(tx, companyId, ids);
  const groups = await repository.findGroupsOfUsers(tx, companyId, ids);
  return rows.map((row) =>
    toUserView(
      row,
      roles.filter((role) => role.userId === row.id),
      groups.filter((group) => group.userId === row.id),
    ),
  );
};

const requireUser = async (tx: Tx, companyId: string, userId: string) => {
  const user = await repository.findUser(tx, companyId, userId);
  if (!user) throw new AppError('NOT_FOUND', userMessages.userNotFound);
  return user;
};

const readUserView = async (tx: Tx, companyId: string, userId: string): Promise<TCompanyUser> => {
  const [view] = await toUserViews(tx, companyId, [await requireUser(tx, companyId, userId)]);
  if (!view) throw new AppError('NOT_FOUND', userMessages.userNotFound);
  return view;
};

const requireRoles = async (tx: Tx, companyId: string, roleIds: string[]) => {
  const unique = [...new Set(roleIds)];
  const found = await repository.findRoles(tx, companyId, unique);
  if (found.length !== unique.length) throw fieldError('roleIds', 'names a role your company does not have');
  return found;
};

/** Only someone with every permission may suspend, delete or change the roles of an admin. */
const assertMayManage = (grantor: TGrantor, user: TCompanyUser) => {
  if (user.isAdmin && !holdsEveryPermission(grantor))
    throw new AppError('FORBIDDEN', grantMessages.adminOnly);
};

const requireGroups = async (tx: Tx, companyId: string, groupIds: string[]) => {
  const unique = [...new Set(groupIds)];
  const found = await repository.findGroups(tx, companyId, unique);
  if (found.length !== unique.length)
    throw fieldError('groupIds', 'names a group your company does not have');
  return found;
};

/**
 * Refuses a change that would leave the company without an active admin: the user is one now and
 * would no longer be one after, and nobody else is. Call it after `lockRightsAndReadGrantor`.
 */
const assertKeepsAnActiveAdmin = async (
  tx: Tx,
  companyId: string,
  { before, isActiveAdminAfter }: { before: TCompanyUser; isActiveAdminAfter: boolean },
) => {
  const isActiveAdminBefore = before.status === 'active' && before.isAdmin;
  if (!isActiveAdminBefore || isActiveAdminAfter) return;
  if ((await repository.countOtherActiveAdmins(tx, companyId, before._id)) === 0) {
    throw new AppError('CONFLICT', userMessages.lastAdmin);
  }
};

const isSameSet = (left: string[], right: string[]) =>
  left.length === right.length && left.every((value) => right.includes(value));

/** Users management (issue 4): list, edit, invite, suspend, reactivate and delete a company's users. */
export type TUsersServiceDependencies = {
  db: Db;
  log: FastifyBaseLogger;
  identityAdmin: IdentityAdmin;
  mailer: Pick<TMailer, 'enqueue' | 'wake'>;
  domainEvents: Pick<TDomainEvents, 'emit'>;
  events: TEventsBus;
  /** Invitation mails a company may send an hour. */
  invitesPerCompany: TRateLimit;
  /** The daily recipient allowance invitations count against, with composed mails. */
  mailRecipientLimits: TMailRecipientLimits;
};

export const createUsersService = ({
  db,
  log,
  identityAdmin,
  mailer,
  domainEvents,
  events,
  invitesPerCompany,
  mailRecipientLimits,
}: TUsersServiceDependencies) => {
  const inCompany = <T>(auth: Pick<TAuthContext, 'companyId'>, work: (tx: Tx) => Promise<T>) =>
    withTenant(db, auth.companyId, work);

  const audit = (tx: Tx, actor: TAuditActor, entry: Parameters<typeof recordAudit>[2]) =>
    recordAudit(tx, actor, entry);

  /** Identity calls after a committed change: a failure is logged, the change stands. */
  const afterCommit = async (what: string, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      log.warn({ err: error }, `users: ${what} failed after the change was saved`);
    }
  };

  /**
   * Counts one invitation mail (a new invitation or a resend) against the company's hourly limit,
   * before any identity account or mail exists: invitations must not become a mail relay.
   */
  const assertMayInvite = async (auth: TAuthContext) => {
    const verdict = await invitesPerCompany.consume(auth.companyId);
    if (!verdict.isAllowed) {
      throw new AppError('RATE_LIMITED', tooManyInvitesMessage, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  };

  const listUsers = async (
    // Only the company: the platform console lists another company's with it.
    auth: Pick<TAuthContext, 'companyId'>,
    query: z.output<typeof ZUserListQuery>,
  ): Promise<{ data: TCompanyUser[]; meta: TListMeta }> =>
    inCompany(auth, async (tx) => {
      const { rows, total } = await repository.findUsersPage(tx, { companyId: auth.companyId, ...query });
      return {
        data: await toUserViews(tx, auth.companyId, rows),
        meta: { total, page: query.page, pageSize: query.pageSize },
      };
    });

  const getUser = (auth: TAuthContext, userId: string) =>
    inCompany(auth, (tx) => readUserView(tx, auth.companyId, userId));

  const updateUser = (
    { auth, actor }: TUsersCaller,
    userId: string,
    body: z.output<typeof ZUpdateUserRequest>,
  ) =>
    inCompany(auth, async (tx) => {
      const before = await readUserView(tx, auth.companyId, userId);
      const changes: repository.TUserChanges = {};
      if (body.firstName !== undefined && body.firstName !== before.firstName)
        changes.firstName = body.firstName;
      if (body.lastName !== undefined && body.lastName !== before.lastName) changes.lastName = body.lastName;
      // An emptied phone field clears the number.
      const phone = body.phone === undefined ? undefined : body.phone || null;
      if (phone !== undefined && phone !== before.phone) changes.phone = phone;
      if (Object.keys(changes).length === 0) return before;
      await repository.updateUser(tx, auth.companyId, userId, changes);
      const after = await readUserView(tx, auth.companyId, userId);
      await audit(tx, actor, { entityType: 'user', entityId: userId, action: 'update', before, after });
      return after;
    });

  const setUserRoles = ({ auth, actor }: TUsersCaller, userId: string, roleIds: string[]) =>
    inCompany(auth, async (tx) => {
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      const before = await readUserView(tx, auth.companyId, userId);
      const roles = await requireRoles(tx, auth.companyId, roleIds);
      const newIds = roles.map((role) => role.id);
      const oldIds = before.roles.map((role) => role._id);
      if (isSameSet(newIds, oldIds)) return before;
      assertMayManage(grantor, before);
      assertMayGrantRoles(
        grantor,
        roles.filter((role) => !oldIds.includes(role.id)),
      );
      await assertKeepsAnActiveAdmin(tx, auth.companyId, {
        before,
        isActiveAdminAfter: roles.some((role) => role.systemKey === 'admin'),
      });
      await repository.replaceUserRoles(tx, auth.companyId, userId, newIds);
      await repository.updateUser(tx, auth.companyId, userId, {});
      const after = await readUserView(tx, auth.companyId, userId);
      await audit(tx, actor, { entityType: 'user', entityId: userId, action: 'role-change', before, after });
      await domainEvents.emit(tx, {
        type: 'user-roles-changed',
        companyId: auth.companyId,
        changedBy: { userId: auth.userId, name: fullName(auth.user) || auth.user.email },
        userId,
        roleNames: after.roles.map((role) => role.name),
      });
      return after;
    });

  const setUserGroups = ({ auth, actor }: TUsersCaller, userId: string, groupIds: string[]) =>
    inCompany(auth, async (tx) => {
      const before = await readUserView(tx, auth.companyId, userId);
      const groups = await requireGroups(tx, auth.companyId, groupIds);
      const newIds = groups.map((group) => group.id);
      if (
        isSameSet(
          newIds,
          before.groups.map((group) => group._id),
        )
      )
        return before;
      await repository.replaceUserGroups(tx, auth.companyId, userId, newIds);
      await repository.updateUser(tx, auth.companyId, userId, {});
      const after = await readUserView(tx, auth.companyId, userId);
      await audit(tx, actor, { entityType: 'user', entityId: userId, action: 'update', before, after });
      return after;
    });

  /**
   * An invitation goes to an address the company chose: it counts against the company's daily
   * recipient allowance like a composed mail (last in the transaction, as the mail send takes the
   * company's row last too).
   */
  const queueInviteMail = async (
    tx: Tx,
    auth: TAuthContext,
    mail: Awaited<ReturnType<typeof inviteMailFor>>,
  ) => {
    await consumeRecipientBudget(tx, {
      companyId: auth.companyId,
      recipients: 1,
      limits: mailRecipientLimits,
    });
    await mailer.enqueue({ ...mail, purpose: 'invitation' }, tx);
  };

  const inviteMailFor = async ({
    auth,
    project,
    email,
    uid,
  }: {
    auth: TAuthContext;
    project: TProjectName;
    email: string;
    /** The account the invitation is bound to: the link sets the password of that one only. */
    uid: string;
  }) => {
    const link = await identityAdmin.generateActionLink({
      project,
      kind: 'PASSWORD_RESET',
      email,
      uid,
      lifetimeMs: invitationLinkLifetimeDays * 24 * 60 * 60 * 1000,
    });
    return {
      ...(await buildInviteMail({
        email,
        link,
        inviterName: fullName(auth.user) || auth.user.email,
        companyName: auth.company.name,
      })),
      companyId: auth.companyId,
    };
  };

  /**
   * The identity account an invitation signs in with (docs/security.md: it binds to whoever proves control
   * of the mailbox). A new account without a password, whose password only the mailed link sets; or
   * an account that no Cargodesk user holds and whose holder already proved the address, enabled
   * again if need be. An account someone created and never verified is only a claim to the address:
   * it is removed and replaced, which ends its sessions, so the claimant cannot ride the invitation
   * into the company. `undo` puts back what can be put back.
   */
  const prepareIdentityAccount = async (project: TProjectName, email: string) => {
    const createFresh = async () => {
      try {
        const { uid } = await identityAdmin.createAccount({ project, email });
        return { uid, undo: () => identityAdmin.deleteAccount(project, uid) };
      } catch (error) {
        // Another request made the account in between.
        if (error instanceof IdentityError && error.code === 'EMAIL_EXISTS') {
          throw new AppError('CONFLICT', userMessages.emailTaken);
        }
        throw error;
      }
    };
    const existing = await identityAdmin.findAccountByEmail(project, email);
    if (!existing) return createFresh();
    if (await findUserLinkByIdentity(db, project, existing.id)) {
      throw new AppError('CONFLICT', userMessages.emailTaken);
    }
    if (!existing.emailVerified) {
      await identityAdmin.deleteAccount(project, existing.id);
      return createFresh();
    }
    if (!existing.disabled) return { uid: existing.id, undo: async () => undefined };
    await identityAdmin.enableAccount(project, existing.id);
    return { uid: existing.id, undo: () => identityAdmin.disableAccount(project, existing.id) };
  };

  const inviteUser = async ({ auth, actor }: TUsersCaller, body: z.output<typeof ZInviteUserRequest>) => {
    await assertMayInvite(auth);
    const email = body.email.toLowerCase();
    const project = auth.user.identityProject;
    // Checked first, in the company: the identity steps below run outside its transaction.
    const roleIds = await inCompany(auth, async (tx) => {
      if (await repository.findUserByEmail(tx, auth.companyId, email)) {
        throw new AppError('CONFLICT', userMessages.duplicateEmail);
      }
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      const roles = body.roleIds
        ? await requireRoles(tx, auth.companyId, body.roleIds)
        : await repository.findRolesBySystemKey(tx, auth.companyId, ['member']);
      assertMayGrantRoles(grantor, roles);
      // Asked here too, before the identity steps: a refusal must not leave an unverified account of
      // the address replaced. The count that holds is the one taken again with the mail below.
      await consumeRecipientBudget(tx, {
        companyId: auth.companyId,
        recipients: 1,
        limits: mailRecipientLimits,
      });
      return roles.map((role) => role.id);
    });

    const account = await prepareIdentityAccount(project, email);
    const userId = createId();
    try {
      const mail = await inviteMailFor({ auth, project, email, uid: account.uid });
      const invited = await inCompany(auth, async (tx) => {
        await repository.insertUser(tx, {
          companyId: auth.companyId,
          id: userId,
          identityProject: project,
          identityUid: account.uid,
          email,
          firstName: body.firstName,
          lastName: body.lastName,
          status: 'invited',
          invitedAt: new Date(),
        });
        await repository.replaceUserRoles(tx, auth.companyId, userId, roleIds);
        const after = await readUserView(tx, auth.companyId, userId);
        await audit(tx, actor, { entityType: 'user', entityId: userId, action: 'invite', after });
        await queueInviteMail(tx, auth, mail);
        await domainEvents.emit(tx, {
          type: 'user-invited',
          companyId: auth.companyId,
          companyName: auth.company.name,
          invitedBy: { userId: auth.userId, name: fullName(auth.user) || auth.user.email },
          user: { id: userId, name: after.name, email },
        });
        return after;
      });
      mailer.wake();
      return invited;
    } catch (error) {
      await account
        .undo()
        .catch((undoError: unknown) =>
          log.error(
            { err: undoError },
            'users: the identity account of a failed invitation could not be undone',
          ),
        );
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', userMessages.duplicateEmail);
      throw error;
    }
  };

  const resendInvite = async ({ auth, actor }: TUsersCaller, userId: string) => {
    await assertMayInvite(auth);
    const assertResendable = (user: TUserRecord) => {
      if (user.status !== 'invited') throw new AppError('CONFLICT', userMessages.notInvited);
      const sinceMs = user.invitedAt ? Date.now() - user.invitedAt.getTime() : Number.POSITIVE_INFINITY;
      if (sinceMs < inviteResendIntervalMs) {
        throw new AppError('RATE_LIMITED', userMessages.resendTooSoon, {
          retryAfterSeconds: Math.ceil((inviteResendIntervalMs - sinceMs) / 1000),
        });
      }
    };
    const user = await inCompany(auth, async (tx) => {
      const found = await requireUser(tx, auth.companyId, userId);
      assertResendable(found);
      return found;
    });
    const mail = await inviteMailFor({
      auth,
      project: user.identityProject,
      email: user.email,
      uid: user.identityUid,
    });
    const resent = await inCompany(auth, async (tx) => {
      await repository.lockCompanyAdmins(tx, auth.companyId);
      // Again inside the transaction: two resends at once send one mail.
      assertResendable(await requireUser(tx, auth.companyId, userId));
      await repository.updateUser(tx, auth.companyId, userId, { invitedAt: new Date() });
      const after = await readUserView(tx, auth.companyId, userId);
      await audit(tx, actor, { entityType: 'user', entityId: userId, action: 'invite', after });
      await queueInviteMail(tx, auth, mail);
      return after;
    });
    mailer.wake();
    return resent;
  };

  /**
   * Suspends one user inside the caller's transaction: their view after, their record, and whether
   * anything changed (a user already suspended is left as they are). Refused for a user the grantor
   * may not manage, and for the last active admin: counted after the users suspended before it, so
   * picking every admin is refused.
   */
  const suspendOne = async (tx: Tx, grantor: TGrantor, { auth, actor }: TUsersCaller, userId: string) => {
    const before = await readUserView(tx, auth.companyId, userId);
    const record = await requireUser(tx, auth.companyId, userId);
    if (before.status === 'suspended') return { view: before, record, isChanged: false };
    assertMayManage(grantor, before);
    await assertKeepsAnActiveAdmin(tx, auth.companyId, { before, isActiveAdminAfter: false });
    await repository.updateUser(tx, auth.companyId, userId, { status: 'suspended' });
    await endSessions(tx, events, { companyId: auth.companyId, userId });
    const after = await readUserView(tx, auth.companyId, userId);
    await audit(tx, actor, { entityType: 'user', entityId: userId, action: 'suspend', before, after });
    return { view: after, record, isChanged: true };
  };

  const suspendUser = async ({ auth, actor }: TUsersCaller, userId: string) => {
    if (userId === auth.userId) throw new AppError('CONFLICT', userMessages.notSelfSuspend);
    const { view, record: user } = await inCompany(auth, async (tx) =>
      suspendOne(tx, await lockRightsAndReadGrantor(tx, auth), { auth, actor }, userId),
    );
    // The app refuses a suspended user on its own; disabling the identity also ends its refresh tokens.
    await afterCommit('disabling the identity account', () =>
      identityAdmin.disableAccount(user.identityProject, user.identityUid),
    );
    return view;
  };

  /**
   * The users picked on the list, suspended in one transaction: one refusal (a user of another
   * company, an admin the caller may not manage, the last active admin) changes none of them.
   * Users already suspended are left as they are.
   */
  const suspendUsers = async ({ auth, actor }: TUsersCaller, userIds: string[]) => {
    const ids = [...new Set(userIds)];
    if (ids.includes(auth.userId)) throw new AppError('CONFLICT', userMessages.notSelfSuspend);
    const { views, suspended } = await inCompany(auth, async (tx) => {
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      const views: TCompanyUser[] = [];
      const suspended: TUserRecord[] = [];
      for (const userId of ids) {
        const { view, record, isChanged } = await suspendOne(tx, grantor, { auth, actor }, userId);
        views.push(view);
        if (isChanged) suspended.push(record);
      }
      return { views, suspended };
    });
    for (const user of suspended) {
      await afterCommit('disabling the identity account', () =>
        identityAdmin.disableAccount(user.identityProject, user.identityUid),
      );
    }
    return views;
  };

  /**
   * Reactivating hands a suspended user's roles back: a grant like any other (docs/security.md), so the
   * caller must hold everything those roles allow.
   */
  const assertMayReactivate = async (tx: Tx, companyId: string, grantor: TGrantor, user: TCompanyUser) => {
    assertMayManage(grantor, user);
    const roles = await repository.findRoles(
      tx,
      companyId,
      user.roles.map((role) => role._id),
    );
    assertMayGrantRoles(grantor, roles);
  };

  const reactivateUser = async ({ auth, actor }: TUsersCaller, userId: string) => {
    // Checked before the identity account is enabled again: a refused caller changes nothing.
    const user = await inCompany(auth, async (tx) => {
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      const found = await requireUser(tx, auth.companyId, userId);
      if (found.status !== 'suspended') throw new AppError('CONFLICT', userMessages.notSuspended);
      await assertMayReactivate(tx, auth.companyId, grantor, await readUserView(tx, auth.companyId, userId));
      return found;
    });
    // Enabled first: should saving fail, the user stays suspended in Cargodesk, which is what counts.
    await identityAdmin.enableAccount(user.identityProject, user.identityUid).catch((error: unknown) => {
      if (!(error instanceof IdentityError)) throw error;
      log.warn({ err: error }, 'users: the identity account of a reactivated user could not be enabled');
    });
    try {
      return await inCompany(auth, async (tx) => {
        const grantor = await lockRightsAndReadGrantor(tx, auth);
        const before = await readUserView(tx, auth.companyId, userId);
        if (before.status !== 'suspended') throw new AppError('CONFLICT', userMessages.notSuspended);
        await assertMayReactivate(tx, auth.companyId, grantor, before);
        // Someone who never signed in is still waiting for their invitation.
        const status = !user.lastLoginAt && user.invitedAt ? 'invited' : 'active';
        await repository.updateUser(tx, auth.companyId, userId, { status });
        const after = await readUserView(tx, auth.companyId, userId);
        await audit(tx, actor, { entityType: 'user', entityId: userId, action: 'reactivate', before, after });
        return after;
      });
    } catch (error) {
      await afterCommit('disabling the identity account again', () =>
        identityAdmin.disableAccount(user.identityProject, user.identityUid),
      );
      throw error;
    }
  };

  /**
   * Deletes one user inside the caller's transaction and answers their record, for the identity
   * account to go after commit. Refused for a user the grantor may not manage, and for the last
   * active admin: counted after the users deleted before it, so picking every admin is refused.
   */
  const deleteOne = async (tx: Tx, grantor: TGrantor, { auth, actor }: TUsersCaller, userId: string) => {
    const before = await readUserView(tx, auth.companyId, userId);
    const record = await requireUser(tx, auth.companyId, userId);
    assertMayManage(grantor, before);
    await assertKeepsAnActiveAdmin(tx, auth.companyId, { before, isActiveAdminAfter: false });
    // The session rows go with the user; ending them first closes the user's open streams.
    await endSessions(tx, events, { companyId: auth.companyId, userId });
    await repository.deleteUser(tx, auth.companyId, userId);
    await audit(tx, actor, { entityType: 'user', entityId: userId, action: 'delete', before });
    return record;
  };

  const deleteUser = async ({ auth, actor }: TUsersCaller, userId: string) => {
    if (userId === auth.userId) throw new AppError('CONFLICT', userMessages.notSelfDelete);
    const user = await inCompany(auth, async (tx) =>
      deleteOne(tx, await lockRightsAndReadGrantor(tx, auth), { auth, actor }, userId),
    );
    // The account goes too, so the email can be invited again (here or by another company).
    await afterCommit('deleting the identity account', () =>
      identityAdmin.deleteAccount(user.identityProject, user.identityUid),
    );
    return { _id: userId };
  };

  /** Deletes the picked users together, or none of them: the bulk form of deleteUser. */
  const deleteUsers = async ({ auth, actor }: TUsersCaller, userIds: string[]) => {
    const ids = [...new Set(userIds)];
    if (ids.includes(auth.userId)) throw new AppError('CONFLICT', userMessages.notSelfDelete);
    const deleted = await inCompany(auth, async (tx) => {
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      const records: TUserRecord[] = [];
      for (const userId of ids) records.push(await deleteOne(tx, grantor, { auth, actor }, userId));
      return records;
    });
    for (const user of deleted) {
      await afterCommit('deleting the identity account', () =>
        identityAdmin.deleteAccount(user.identityProject, user.identityUid),
      );
    }
    return ids.map((_id) => ({ _id }));
  };

  return {
    deleteUsers,
    listUsers,
    getUser,
    updateUser,
    setUserRoles,
    setUserGroups,
    inviteUser,
    resendInvite,
    suspendUser,
    suspendUsers,
    reactivateUser,
    deleteUser,
  };
};

export type TUsersService = ReturnType<typeof createUsersService>;
