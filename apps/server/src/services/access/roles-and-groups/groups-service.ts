import type {
  TGroup,
  TGroupInput,
  TGroupUpdate,
  TGroupWithMembers,
  TListMeta,
  TPageQuery,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../../db/client.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { readSort } from '../../../platform/http/list-sort.ts';
import * as repository from './groups-repository.ts';
import { namedSetMessages, namedSetRules } from './named-sets-service.ts';

export const groupMessages = {
  ...namedSetMessages('group'),
  unknownUsers: (count: number) =>
    count === 1
      ? 'One of the users is not a user of your company'
      : `${count} of the users are not users of your company`,
} as const;

const toGroup = (row: repository.TGroupWithCount): TGroup => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  memberCount: row.memberCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const auditViewOf = ({ _id, name, description, members }: TGroupWithMembers) => ({
  _id,
  name,
  description,
  memberIds: members.map((member) => member._id),
});

const parseSort = (
  sort: string | undefined,
): { field: repository.TGroupSortField; isDescending: boolean } => {
  const parsed = readSort(sort, repository.groupSortColumns);
  return parsed
    ? { field: parsed.field, isDescending: parsed.isDescending }
    : { field: 'name', isDescending: false };
};

/** Groups: named sets of a company's users (teams, branches). */
export const createGroupsService = ({ db }: { db: Db }) => {
  const { assertNameFree, findExisting, listPage, lockExisting, inCompany } = namedSetRules({
    db,
    messages: groupMessages,
    find: repository.findGroup,
    findByName: repository.findGroupByName,
    lock: repository.lockGroup,
  });
  const readGroup = async (tx: Tx, companyId: string, groupId: string): Promise<TGroupWithMembers> => {
    const row = await findExisting(tx, companyId, groupId);
    const members = await repository.findGroupMembers(tx, companyId, groupId);
    return {
      ...toGroup(row),
      members: members.map(({ id, firstName, lastName, email, status }) => ({
        _id: id,
        firstName,
        lastName,
        emailId: email,
        status,
      })),
    };
  };

  /** The distinct ids, each a user of the company; another company's user counts as unknown (404). */
  const assertCompanyUsers = async (tx: Tx, companyId: string, userIds: string[]) => {
    const unique = [...new Set(userIds)];
    const known = new Set(await repository.findCompanyUserIds(tx, companyId, unique));
    const unknown = unique.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new AppError('NOT_FOUND', groupMessages.unknownUsers(unknown.length), { userIds: unknown });
    }
    return unique;
  };

  const listGroups = async (
    // Only the company: the platform console lists another company's with it.
    auth: Pick<TAuthContext, 'companyId'>,
    { sort, ...page }: TPageQuery,
  ): Promise<{ data: TGroup[]; meta: TListMeta }> => {
    const { field, isDescending } = parseSort(sort);
    return listPage(
      auth.companyId,
      page,
      (tx, query) => repository.findGroupsPage(tx, { ...query, sort: field, isDescending }),
      toGroup,
    );
  };

  const getGroup = async (auth: TAuthContext, groupId: string) =>
    withTenantRead(db, auth.companyId, (tx) => readGroup(tx, auth.companyId, groupId));

  const createGroup = async (auth: TAuthContext, actor: TAuditActor, input: TGroupInput) =>
    inCompany(auth, input.name, async (tx) => {
      const { companyId } = auth;
      await assertNameFree(tx, { companyId, name: input.name });
      const userIds = await assertCompanyUsers(tx, companyId, input.userIds ?? []);
      const id = createId();
      await repository.insertGroup(tx, {
        companyId,
        id,
        name: input.name,
        description: input.description ?? '',
      });
      await repository.replaceGroupMembers(tx, { companyId, groupId: id, userIds });
      const group = await readGroup(tx, companyId, id);
      await auditTrails.group(tx, actor, 'create', id, { after: auditViewOf(group) });
      return group;
    });

  const updateGroup = async (
    auth: TAuthContext,
    actor: TAuditActor,
    { groupId, changes }: { groupId: string; changes: TGroupUpdate },
  ) =>
    inCompany(auth, changes.name, async (tx) => {
      const { companyId } = auth;
      await lockExisting(tx, companyId, groupId);
      const before = await readGroup(tx, companyId, groupId);
      const next = {
        name: changes.name ?? before.name,
        description: changes.description ?? before.description,
      };
      if (next.name === before.name && next.description === before.description) return before;
      if (next.name.toLowerCase() !== before.name.toLowerCase()) {
        await assertNameFree(tx, { companyId, name: next.name, exceptId: groupId });
      }
      await repository.updateGroup(tx, { companyId, id: groupId, changes: next });
      const after = await readGroup(tx, companyId, groupId);
      await auditTrails.group(tx, actor, 'update', groupId, {
        before: auditViewOf(before),
        after: auditViewOf(after),
      });
      return after;
    });

  const setGroupMembers = async (
    auth: TAuthContext,
    actor: TAuditActor,
    { groupId, userIds }: { groupId: string; userIds: string[] },
  ) =>
    withTenant(db, auth.companyId, async (tx) => {
      const { companyId } = auth;
      await lockExisting(tx, companyId, groupId);
      const members = await assertCompanyUsers(tx, companyId, userIds);
      const before = await readGroup(tx, companyId, groupId);
      const beforeIds = new Set(before.members.map((member) => member._id));
      if (members.length === beforeIds.size && members.every((id) => beforeIds.has(id))) return before;
      await repository.replaceGroupMembers(tx, { companyId, groupId, userIds: members });
      await repository.updateGroup(tx, { companyId, id: groupId, changes: {} });
      const after = await readGroup(tx, companyId, groupId);
      await auditTrails.group(tx, actor, 'update', groupId, {
        before: { memberIds: auditViewOf(before).memberIds },
        after: { memberIds: auditViewOf(after).memberIds },
      });
      return after;
    });

  const deleteGroup = async (auth: TAuthContext, actor: TAuditActor, groupId: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const { companyId } = auth;
      await lockExisting(tx, companyId, groupId);
      const before = await readGroup(tx, companyId, groupId);
      await repository.deleteGroup(tx, companyId, groupId);
      await auditTrails.group(tx, actor, 'delete', groupId, { before: auditViewOf(before) });
      return { deleted: true as const };
    });

  return { listGroups, getGroup, createGroup, updateGroup, setGroupMembers, deleteGroup };
};
