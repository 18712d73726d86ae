import type {
  TDropdownGroup,
  TPicklistGroup,
  TPicklistOrderInput,
  TPicklistValueInput,
  TPicklistValueUpdate,
} from '@cargodesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { getSession, updateSession } from '@/lib/auth/session-store.ts';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { referenceKeys } from '@/lib/reference-keys.ts';
import { picklistsKeys } from './keys.ts';

// Picklists (master /dropdown-groups, /dropdown): a company's lists per module.

export const getPicklistGroupsQueryOptions = (module: string) =>
  queryOptions({
    queryKey: picklistsKeys.module(module),
    queryFn: () => apiRequest<TPicklistGroup[]>('master', '/dropdown-groups', { query: { module } }),
  });

export const usePicklistGroups = (module: string) => useQuery(getPicklistGroupsQueryOptions(module));

/**
 * The home picklists are reference data the app loads at start-up and keeps for 24 hours (docs/product.md §9):
 * after a change the signed-in admin gets the new lists at once (the reference loader's query
 * `referenceKeys.dropdowns()` and the session's copy); other users get them on their next start.
 */
let latestRefresh = 0;
const refreshStartupLists = async (module: string) => {
  if (module !== 'home') return;
  const refresh = ++latestRefresh;
  const lists = await apiRequest<TDropdownGroup[]>('master', '/dropdown', { query: { module } });
  // Two changes in quick succession refresh twice: only the later answer may land.
  if (refresh !== latestRefresh) return;
  appQueryClient.setQueryData(referenceKeys.dropdowns(), lists);
  const { referenceData } = getSession();
  if (referenceData) updateSession({ referenceData: { ...referenceData, dropdowns: lists } });
};

const usePicklistMutation = <TVariables>(
  module: string,
  mutationFn: (variables: TVariables) => Promise<unknown>,
  meta?: { isErrorShownByCaller?: boolean },
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta,
    // One change of a module's picklists at a time, in the order made: a reorder sends the whole
    // order, so a second one overtaking the first on the way would be undone by it.
    scope: { id: `picklists:${module}` },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: picklistsKeys.module(module) }),
        refreshStartupLists(module).catch(() => undefined),
      ]);
    },
  });
};

export const useReorderPicklist = (module: string) =>
  usePicklistMutation(module, ({ groupId, valueIds }: { groupId: string } & TPicklistOrderInput) =>
    apiRequest<TPicklistGroup>('master', `/dropdown-groups/${groupId}/order`, {
      method: 'PUT',
      body: { valueIds },
    }),
  );

export const useAddPicklistValue = (module: string) =>
  usePicklistMutation(
    module,
    ({ groupId, input }: { groupId: string; input: TPicklistValueInput }) =>
      apiRequest<TPicklistGroup>('master', `/dropdown-groups/${groupId}/values`, {
        method: 'POST',
        body: input,
      }),
    { isErrorShownByCaller: true },
  );

export const useUpdatePicklistValue = (module: string) =>
  usePicklistMutation(module, ({ valueId, input }: { valueId: string; input: TPicklistValueUpdate }) =>
    apiRequest<TPicklistGroup>('master', `/dropdown/${valueId}`, { method: 'PATCH', body: input }),
  );

export const useDeletePicklistValue = (module: string) =>
  usePicklistMutation(module, (valueId: string) =>
    apiRequest<TPicklistGroup>('master', `/dropdown/${valueId}`, { method: 'DELETE' }),
  );

/**
 * Turns many values on or off (the list's selection), one request each, in order: each value is
 * its own row, and a repeat changes nothing.
 */
export const useSetPicklistValuesActive = (module: string) =>
  usePicklistMutation(module, async ({ valueIds, isActive }: { valueIds: string[]; isActive: boolean }) => {
    for (const valueId of valueIds) {
      await apiRequest<TPicklistGroup>('master', `/dropdown/${valueId}`, {
        method: 'PATCH',
        body: { isActive },
      });
    }
  });

/** Deletes many values, one request each, in order. */
export const useDeletePicklistValues = (module: string) =>
  usePicklistMutation(module, async (valueIds: string[]) => {
    for (const valueId of valueIds) {
      await apiRequest<TPicklistGroup>('master', `/dropdown/${valueId}`, { method: 'DELETE' });
    }
  });
