import { defaultDropdownsOf } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import * as repository from './repository.ts';

export type TPicklistEntry = { value: string; label: string; isActive: boolean };

/**
 * The values of one company picklist (module and key), read inside the caller's tenant
 * transaction: the company's own copy once it has one, the module's defaults until then (as the
 * start-up lists read them). Inactive values stay for old records.
 */
export const findPicklistEntries = async (
  db: Queryable,
  companyId: string,
  module: string,
  key: string,
): Promise<TPicklistEntry[]> => {
  const groups = await repository.findGroups(db, companyId, module);
  if (groups.length === 0) {
    const group = defaultDropdownsOf(module).find((candidate) => candidate.group === key);
    return (group?.values ?? []).map(({ value, label }) => ({ value, label, isActive: true }));
  }
  const group = groups.find((candidate) => candidate.key === key);
  if (!group) return [];
  const values = await repository.findValuesOfGroup(db, companyId, group.id);
  return values
    .sort((left, right) => left.sortOrder - right.sortOrder)
    .map(({ value, label, isActive }) => ({ value, label, isActive }));
};
