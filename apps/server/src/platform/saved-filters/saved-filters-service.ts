import {
  savedFilterRules,
  type TPermission,
  type TSavedFilter,
  type TSavedFilterList,
} from '@cargodesk/shared';
import type { Db, Queryable } from '../../db/client.ts';
import type { TAuthContext } from '../auth/auth-context.ts';
import { createId } from '../data-access/ids.ts';
import { withTenant, withTenantRead } from '../data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../events/audit.ts';
import { AppError } from '../http/errors.ts';
import * as savedFiltersRepository from './saved-filters-repository.ts';

// Saved filters of a list screen (docs/decisions/045-saved-filters.md): each user's own, and those
// shared with the whole company. Anyone who reads the list keeps their own; sharing one, or deleting
// a colleague's shared one, needs the list's write permission.

export type TSavedFiltersServiceOptions = {
  db: Db;
  list: TSavedFilterList;
  /** What sharing a filter, or deleting a colleague's shared one, needs. */
  sharePermission: TPermission;
  auditEntity: 'contact-filter' | 'shipment-filter';
  /** Who saved each filter, by name (access's public surface, handed in: the platform stays below the modules). */
  findOwnerNames: (tx: Queryable, companyId: string, userIds: string[]) => Promise<Map<string, string>>;
};

const notFound = () => new AppError('NOT_FOUND', 'No such saved filter');

export const createSavedFiltersService = ({
  db,
  list,
  sharePermission,
  auditEntity,
  findOwnerNames,
}: TSavedFiltersServiceOptions) => {
  const canShare = (auth: TAuthContext) => auth.permissions.includes(sharePermission);
  const keyOf = (auth: TAuthContext) => ({ companyId: auth.companyId, list });

  const findAll = (auth: TAuthContext): Promise<TSavedFilter[]> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const rows = await savedFiltersRepository.findSavedFilters(tx, keyOf(auth), auth.userId);
      const owners = await findOwnerNames(
        tx,
        auth.companyId,
        rows.map((row) => row.ownerId),
      );
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        query: row.query,
        isShared: row.isShared,
        isMine: row.ownerId === auth.userId,
        ownerName: owners.get(row.ownerId) ?? null,
      }));
    });

  const create = (
    auth: TAuthContext,
    actor: TAuditActor,
    input: { name: string; query: Record<string, unknown>; isShared: boolean },
  ): Promise<TSavedFilter> =>
    withTenant(db, auth.companyId, async (tx) => {
      if (input.isShared && !canShare(auth))
        throw new AppError(
          'FORBIDDEN',
          `Sharing a filter with the company needs the ${sharePermission} permission`,
        );
      if (
        (await savedFiltersRepository.countOwnSavedFilters(tx, keyOf(auth), auth.userId)) >=
        savedFilterRules.perUserMax
      )
        throw new AppError(
          'VALIDATION_FAILED',
          `You have ${savedFilterRules.perUserMax} saved filters; delete one to save another`,
          {
            fields: [{ field: 'name', message: `at most ${savedFilterRules.perUserMax} saved filters each` }],
          },
        );
      const id = createId();
      // Empty values are not part of a filter.
      const query = Object.fromEntries(
        Object.entries(input.query).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
        ),
      );
      await savedFiltersRepository.insertSavedFilter(tx, {
        companyId: auth.companyId,
        id,
        list,
        name: input.name,
        query,
        ownerId: auth.userId,
        isShared: input.isShared,
      });
      await auditTrails[auditEntity](tx, actor, 'create', id, {
        after: { name: input.name, query, isShared: input.isShared },
      });
      return { _id: id, name: input.name, query, isShared: input.isShared, isMine: true, ownerName: null };
    });

  const remove = (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const found = await savedFiltersRepository.findSavedFilter(tx, keyOf(auth), id);
      // Another user's private filter is not there at all for the caller.
      if (!found || (found.ownerId !== auth.userId && !found.isShared)) throw notFound();
      if (found.ownerId !== auth.userId && !canShare(auth))
        throw new AppError(
          'FORBIDDEN',
          `Deleting a colleague’s shared filter needs the ${sharePermission} permission`,
        );
      await savedFiltersRepository.deleteSavedFilter(tx, auth.companyId, id);
      await auditTrails[auditEntity](tx, actor, 'delete', id, {
        before: { name: found.name, query: found.query, isShared: found.isShared },
      });
    });

  return { list: findAll, create, remove };
};
