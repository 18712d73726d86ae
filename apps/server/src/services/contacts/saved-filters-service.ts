import {
  contactSavedFilterRules,
  type TContactSavedFilter,
  type ZContactSavedFilterInput,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findUserDisplayNames } from '../access/public.ts';
import * as savedFiltersRepository from './saved-filters-repository.ts';

// Saved filters of the contacts list: each user's own, and those shared with the whole company.
// Anyone who reads contacts keeps their own; sharing one, or deleting a colleague's shared one,
// needs contacts:write.

const notFound = () => new AppError('NOT_FOUND', 'No such saved filter');

export const createSavedFiltersService = ({ db }: { db: Db }) => {
  const canWrite = (auth: TAuthContext) => auth.permissions.includes('contacts:write');

  const list = (auth: TAuthContext): Promise<TContactSavedFilter[]> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const rows = await savedFiltersRepository.findSavedFilters(tx, auth.companyId, auth.userId);
      const owners = await findUserDisplayNames(
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

  const create = (auth: TAuthContext, actor: TAuditActor, input: z.output<typeof ZContactSavedFilterInput>) =>
    withTenant(db, auth.companyId, async (tx) => {
      if (input.isShared && !canWrite(auth))
        throw new AppError(
          'FORBIDDEN',
          'Sharing a filter with the company needs the contacts:write permission',
        );
      if (
        (await savedFiltersRepository.countOwnSavedFilters(tx, auth.companyId, auth.userId)) >=
        contactSavedFilterRules.perUserMax
      )
        throw new AppError(
          'VALIDATION_FAILED',
          `You have ${contactSavedFilterRules.perUserMax} saved filters; delete one to save another`,
          {
            fields: [
              { field: 'name', message: `at most ${contactSavedFilterRules.perUserMax} saved filters each` },
            ],
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
        name: input.name,
        query,
        ownerId: auth.userId,
        isShared: input.isShared,
      });
      await auditTrails['contact-filter'](tx, actor, 'create', id, {
        after: { name: input.name, query, isShared: input.isShared },
      });
      return { _id: id, name: input.name, query, isShared: input.isShared, isMine: true, ownerName: null };
    });

  const remove = (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const found = await savedFiltersRepository.findSavedFilter(tx, auth.companyId, id);
      // Another user's private filter is not there at all for the caller.
      if (!found || (found.ownerId !== auth.userId && !found.isShared)) throw notFound();
      if (found.ownerId !== auth.userId && !canWrite(auth))
        throw new AppError(
          'FORBIDDEN',
          'Deleting a colleague’s shared filter needs the contacts:write permission',
        );
      await savedFiltersRepository.deleteSavedFilter(tx, auth.companyId, id);
      await auditTrails['contact-filter'](tx, actor, 'delete', id, {
        before: { name: found.name, query: found.query, isShared: found.isShared },
      });
    });

  return { list, create, remove };
};
