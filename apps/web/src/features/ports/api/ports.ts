import type {
  TCustomPortInput,
  TCustomPortUpdate,
  TPortEntry,
  TPortKind,
  TPortListQuery,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { portsKeys } from './keys.ts';

// Ocean ports and airports (master /oceanport, /airport): searched and paged on the server.

const portPath = (kind: TPortKind, code?: string) =>
  code ? `/${kind}/${encodeURIComponent(code)}` : `/${kind}`;

export const getPorts = (kind: TPortKind, query: Partial<TPortListQuery>) =>
  apiListRequest<TPortEntry>('master', portPath(kind), { query });

export const getPortsQueryOptions = (kind: TPortKind, query: Partial<TPortListQuery>) =>
  queryOptions({ queryKey: portsKeys.list(kind, query), queryFn: () => getPorts(kind, query) });

export const usePorts = (kind: TPortKind, query: Partial<TPortListQuery>) =>
  useQuery({ ...getPortsQueryOptions(kind, query), placeholderData: keepPreviousData });

export const getPortQueryOptions = (kind: TPortKind, code: string | undefined) =>
  queryOptions({
    queryKey: portsKeys.detail(kind, code),
    queryFn: () => apiRequest<TPortEntry>('master', portPath(kind, code)),
  });

export const usePort = (kind: TPortKind, code: string | undefined) =>
  useQuery({ ...getPortQueryOptions(kind, code), enabled: Boolean(code) });

const usePortMutation = <TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  meta?: { isErrorShownByCaller?: boolean },
) => useInvalidatingMutation({ mutationFn, invalidates: portsKeys.all, meta });

export const useCreatePort = (kind: TPortKind) =>
  usePortMutation(
    (input: TCustomPortInput) =>
      apiRequest<TPortEntry>('master', portPath(kind), { method: 'POST', body: input }),
    { isErrorShownByCaller: true },
  );

export const useUpdatePort = (kind: TPortKind) =>
  usePortMutation(({ code, input }: { code: string; input: TCustomPortUpdate }) =>
    apiRequest<TPortEntry>('master', portPath(kind, code), { method: 'PATCH', body: input }),
  );

const deletePort = (kind: TPortKind, code: string) =>
  apiRequest('master', portPath(kind, code), { method: 'DELETE' });

export const useDeletePort = (kind: TPortKind) => usePortMutation((code: string) => deletePort(kind, code));

/** Deletes many of the company's own entries: one request each, one refresh of the lists at the end. */
export const useDeletePorts = (kind: TPortKind) =>
  usePortMutation((codes: string[]) => Promise.all(codes.map((code) => deletePort(kind, code))));

const setFavourite = (kind: TPortKind, code: string, isFavourite: boolean) =>
  apiRequest<TPortEntry>('master', `${portPath(kind, code)}/favourite`, {
    method: isFavourite ? 'PUT' : 'DELETE',
  });

export const useSetFavourite = (kind: TPortKind) =>
  usePortMutation(({ code, isFavourite }: { code: string; isFavourite: boolean }) =>
    setFavourite(kind, code, isFavourite),
  );

/**
 * Marks or unmarks many entries (the list's selection): one request each, since each is one
 * idempotent row, and one refresh of the lists at the end.
 */
export const useSetFavourites = (kind: TPortKind) =>
  usePortMutation(({ codes, isFavourite }: { codes: string[]; isFavourite: boolean }) =>
    Promise.all(codes.map((code) => setFavourite(kind, code, isFavourite))),
  );
