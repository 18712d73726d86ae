import {
  defaultDropdownsOf,
  type TDropdownGroup,
  type TPicklistGroup,
  type TPicklistGroupInput,
  type TPicklistOrderInput,
  type TPicklistValueInput,
  type TPicklistValueUpdate,
  uniquePicklistValueFromLabel,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../../db/client.ts';
import { inSavepointOrConflict } from '../../../db/savepoint-conflict.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { TGroupRow, TValueRow } from './repository.ts';
import * as repository from './repository.ts';

export const picklistMessages = {
  groupNotFound: 'No such picklist in your company',
  valueNotFound: 'No such picklist value in your company',
  duplicateGroup: (key: string) => `A picklist with the key "${key}" already exists in this module`,
  duplicateValue: (value: string) => `The value "${value}" is already in this picklist`,
  orderMismatch: 'must list every value of the picklist exactly once',
} as const;

const toGroup = (group: TGroupRow, values: TValueRow[]): TPicklistGroup => ({
  _id: group.id,
  module: group.module,
  key: group.key,
  label: group.label,
  values: values
    .filter((value) => value.groupId === group.id)
    .sort((left, right) => left.sortOrder - right.sortOrder)
    .map((value) => ({
      _id: value.id,
      label: value.label,
      value: value.value,
      order: value.sortOrder,
      isActive: value.isActive,
      colour: value.colour,
    })),
});

/** Picklists: each company starts from the default lists of a module and edits its own copy. */
export const createPicklistsService = ({ db }: { db: Db }) => {
  /** Copies the module's default lists into the company on first use (no audit: nobody changed anything). */
  const ensureDefaults = async (tx: Tx, companyId: string, module: string) => {
    const defaults = defaultDropdownsOf(module);
    if (defaults.length === 0) return;
    const existing = await repository.findGroups(tx, companyId, module);
    if (existing.length > 0) return;
    for (const group of defaults) {
      const groupId = createId();
      await repository.insertGroup(tx, {
        companyId,
        id: groupId,
        module,
        key: group.group,
        label: group.label,
      });
      await repository.insertValues(
        tx,
        group.values.map((value) => ({
          companyId,
          id: createId(),
          groupId,
          label: value.label,
          value: value.value,
          sortOrder: value.order,
        })),
      );
    }
  };

  const readGroups = async (tx: Tx, companyId: string, module: string) => {
    const groups = await repository.findGroups(tx, companyId, module);
    const values =
      groups.length === 0
        ? []
        : await repository.findValuesOfGroups(
            tx,
            companyId,
            groups.map((group) => group.id),
          );
    return groups.map((group) => toGroup(group, values));
  };

  const readGroup = async (tx: Tx, companyId: string, groupId: string) => {
    const group = await repository.findGroup(tx, companyId, groupId);
    if (!group) throw new AppError('NOT_FOUND', picklistMessages.groupNotFound);
    return toGroup(group, await repository.findValuesOfGroup(tx, companyId, groupId));
  };

  const readValue = async (tx: Tx, companyId: string, valueId: string) => {
    const value = await repository.findValue(tx, companyId, valueId);
    if (!value) throw new AppError('NOT_FOUND', picklistMessages.valueNotFound);
    return value;
  };

  /** Runs `work` in a savepoint so a unique violation becomes a 409 and the transaction stays usable. */
  const orConflict = <T>(tx: Tx, message: string, work: (savepoint: Tx) => Promise<T>) =>
    inSavepointOrConflict(tx, work, () => new AppError('CONFLICT', message));

  return {
    /** GET /dropdown?module=…: the active values in order, as the app loads them at start-up. */
    startupLists: async (auth: TAuthContext, module: string): Promise<TDropdownGroup[]> => {
      const groups = await withTenantRead(db, auth.companyId, (tx) => readGroups(tx, auth.companyId, module));
      if (groups.length === 0) return defaultDropdownsOf(module);
      return groups.map((group) => ({
        group: group.key,
        label: group.label,
        values: group.values
          .filter((value) => value.isActive)
          .map((value, index) => ({ label: value.label, value: value.value, order: index + 1 })),
      }));
    },

    listGroups: async (auth: TAuthContext, module: string) =>
      withTenant(db, auth.companyId, async (tx) => {
        await ensureDefaults(tx, auth.companyId, module);
        return readGroups(tx, auth.companyId, module);
      }),

    createGroup: async (auth: TAuthContext, actor: TAuditActor, input: TPicklistGroupInput) =>
      withTenant(db, auth.companyId, async (tx) => {
        await ensureDefaults(tx, auth.companyId, input.module);
        const id = createId();
        await orConflict(tx, picklistMessages.duplicateGroup(input.key), (savepoint) =>
          repository.insertGroup(savepoint, { companyId: auth.companyId, id, ...input }),
        );
        const group = await readGroup(tx, auth.companyId, id);
        await auditTrails['picklist-group'](tx, actor, 'create', id, { after: group });
        return group;
      }),

    updateGroup: async (auth: TAuthContext, actor: TAuditActor, groupId: string, label: string) =>
      withTenant(db, auth.companyId, async (tx) => {
        const before = await readGroup(tx, auth.companyId, groupId);
        await repository.updateGroupLabel(tx, auth.companyId, groupId, label);
        const after = await readGroup(tx, auth.companyId, groupId);
        await auditTrails['picklist-group'](tx, actor, 'update', groupId, {
          before: { label: before.label },
          after: { label: after.label },
        });
        return after;
      }),

    deleteGroup: async (auth: TAuthContext, actor: TAuditActor, groupId: string) =>
      withTenant(db, auth.companyId, async (tx) => {
        const before = await readGroup(tx, auth.companyId, groupId);
        await repository.deleteGroup(tx, auth.companyId, groupId);
        await auditTrails['picklist-group'](tx, actor, 'delete', groupId, { before });
        return { deleted: true as const };
      }),

    addValue: async (auth: TAuthContext, actor: TAuditActor, groupId: string, input: TPicklistValueInput) =>
      withTenant(db, auth.companyId, async (tx) => {
        const current = await readGroup(tx, auth.companyId, groupId);
        const value =
          input.value ??
          uniquePicklistValueFromLabel(
            input.label,
            current.values.map((existing) => existing.value),
          );
        const last = await repository.findLastSortOrder(tx, auth.companyId, groupId);
        const id = createId();
        await orConflict(tx, picklistMessages.duplicateValue(value), (savepoint) =>
          repository.insertValues(savepoint, [
            {
              companyId: auth.companyId,
              id,
              groupId,
              label: input.label,
              value,
              isActive: input.isActive ?? true,
              colour: input.colour ?? null,
              sortOrder: (last ?? 0) + 1,
            },
          ]),
        );
        await repository.touchGroup(tx, auth.companyId, groupId);
        const group = await readGroup(tx, auth.companyId, groupId);
        await auditTrails['picklist-value'](tx, actor, 'create', id, {
          after: group.values.find((value) => value._id === id),
        });
        return group;
      }),

    updateValue: async (
      auth: TAuthContext,
      actor: TAuditActor,
      valueId: string,
      input: TPicklistValueUpdate,
    ) =>
      withTenant(db, auth.companyId, async (tx) => {
        const before = await readValue(tx, auth.companyId, valueId);
        await repository.updateValue(tx, auth.companyId, valueId, input);
        await repository.touchGroup(tx, auth.companyId, before.groupId);
        const after = await readValue(tx, auth.companyId, valueId);
        const view = ({ label, value, isActive, colour, sortOrder }: TValueRow) => ({
          label,
          value,
          isActive,
          colour,
          order: sortOrder,
        });
        await auditTrails['picklist-value'](tx, actor, 'update', valueId, {
          before: view(before),
          after: view(after),
        });
        return readGroup(tx, auth.companyId, before.groupId);
      }),

    deleteValue: async (auth: TAuthContext, actor: TAuditActor, valueId: string) =>
      withTenant(db, auth.companyId, async (tx) => {
        const before = await readValue(tx, auth.companyId, valueId);
        await repository.deleteValue(tx, auth.companyId, valueId);
        await repository.touchGroup(tx, auth.companyId, before.groupId);
        await auditTrails['picklist-value'](tx, actor, 'delete', valueId, {
          before: { label: before.label, value: before.value },
        });
        return readGroup(tx, auth.companyId, before.groupId);
      }),

    reorder: async (auth: TAuthContext, actor: TAuditActor, groupId: string, input: TPicklistOrderInput) =>
      withTenant(db, auth.companyId, async (tx) => {
        const before = await readGroup(tx, auth.companyId, groupId);
        const current = new Set(before.values.map((value) => value._id));
        const given = new Set(input.valueIds);
        if (
          given.size !== input.valueIds.length ||
          given.size !== current.size ||
          ![...given].every((id) => current.has(id))
        ) {
          throw new AppError(
            'VALIDATION_FAILED',
            `Invalid body: valueIds ${picklistMessages.orderMismatch}`,
            {
              fields: [{ field: 'valueIds', message: picklistMessages.orderMismatch }],
            },
          );
        }
        for (const [index, id] of input.valueIds.entries()) {
          await repository.updateValue(tx, auth.companyId, id, { sortOrder: index + 1 });
        }
        await repository.touchGroup(tx, auth.companyId, groupId);
        const after = await readGroup(tx, auth.companyId, groupId);
        await auditTrails['picklist-group'](tx, actor, 'update', groupId, {
          before: { order: before.values.map((value) => value.value) },
          after: { order: after.values.map((value) => value.value) },
        });
        return after;
      }),
  };
};
