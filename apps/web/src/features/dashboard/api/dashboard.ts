import type {
  TAuditEvent,
  TBaseCurrency,
  TBookingStatus,
  TContactSummary,
  TIssueStatus,
  TIssueSummary,
  TListMeta,
  TReportSketchSummary,
  TSentMail,
  TShipmentCounts,
  TTemplateSummary,
  TUserCounts,
} from '@cargodesk/shared';
import { type DataTag, type QueryKey, queryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { getLoadedQueryClient } from '@/lib/loaded-query-client.ts';
import { dashboardKeys } from './keys.ts';

// What the dashboard reads: each panel's few rows from the list the owning screen uses, asked for
// only when the user's permissions let them see it.

type TList<TItem> = { data: TItem[]; meta: TListMeta };

/** How many rows a panel shows: a glance, with a link to the whole list. */
export const panelSize = 5;

/**
 * Audit actions that say who was signed in rather than what changed: a morning of sign-ins would
 * otherwise fill the panel. The panel asks for more events than it shows and leaves these out.
 */
const sessionActions = new Set([
  'sign-in',
  'sign-in-failed',
  'two-factor-failed',
  'sign-in-confirmed',
  'sign-out',
  'view',
]);

/** The booking statuses the Shipments panel counts, in the order a booking goes through them. */
export const dashboardBookingStatuses: TBookingStatus[] = [
  'RECEIVED',
  'PENDING_UPDATE',
  'UPDATE_RECEIVED',
  'CONFIRMED',
  'PENDING_AMENDMENT',
  'COMPLETED',
  'REJECTED',
  'DECLINED',
  'CANCELLED',
];

/**
 * The shipments list's filters behind each of the Shipments panel's counts: its links open the list
 * with them, and the server counts by the same rules.
 */
export const shipmentTimingFilters = {
  arrivingThisWeek: { arrivingThisWeek: 'true' },
  departingThisWeek: { departingThisWeek: 'true' },
  late: { isLate: 'true' },
} as const;

export const dashboardQueries = {
  /** The Shipments panel's counts, exact, in one request. */
  shipmentCounts: () =>
    queryOptions({
      queryKey: dashboardKeys.shipmentCounts(),
      queryFn: () => apiRequest<TShipmentCounts>('freightserver', '/shipments/counts'),
    }),
  userCounts: () =>
    queryOptions({
      queryKey: dashboardKeys.userCounts(),
      queryFn: () => apiRequest<TUserCounts>('iamserver', '/users/count'),
    }),
  /** Up to four reports the user pinned; the charts stay on the report screens. */
  pinnedReports: () =>
    queryOptions({
      queryKey: dashboardKeys.pinnedReports(),
      queryFn: () => apiRequest<TReportSketchSummary[]>('reportserver', '/reportSketch/pinned'),
    }),
  recentChanges: () =>
    queryOptions({
      queryKey: dashboardKeys.recentChanges(),
      queryFn: async () => {
        const { data } = await apiListRequest<TAuditEvent>('logserver', '/audit', {
          query: { pageSize: 30 },
        });
        return data.filter((event) => !sessionActions.has(event.action)).slice(0, panelSize);
      },
    }),
  /** Reported problems still being worked on: the open ones and those in progress, with their counts. */
  openProblems: () =>
    queryOptions({
      queryKey: dashboardKeys.openProblems(),
      queryFn: async () => {
        const listOf = (status: TIssueStatus) =>
          apiListRequest<TIssueSummary>('iamserver', '/issue/tracker', {
            query: { status, pageSize: panelSize },
          });
        const [open, inProgress] = await Promise.all([listOf('open'), listOf('in_progress')]);
        return {
          issues: [...open.data, ...inProgress.data]
            .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
            .slice(0, panelSize),
          openCount: open.meta.total,
          inProgressCount: inProgress.meta.total,
        };
      },
    }),
  recentContacts: () =>
    queryOptions({
      queryKey: dashboardKeys.recentContacts(),
      queryFn: (): Promise<TList<TContactSummary>> =>
        apiListRequest<TContactSummary>('contactserver', '/contacts/paginate', {
          query: { sort: '-updatedAt', pageSize: panelSize },
        }),
    }),
  recentMail: () =>
    queryOptions({
      queryKey: dashboardKeys.recentMail(),
      queryFn: (): Promise<TList<TSentMail>> =>
        apiListRequest<TSentMail>('mailserver', '/sent', { query: { pageSize: panelSize } }),
    }),
  baseCurrency: () =>
    queryOptions({
      queryKey: dashboardKeys.baseCurrency(),
      queryFn: () => apiRequest<TBaseCurrency>('master', '/currency-settings/base'),
    }),
  /** The template changed last: a company's own once anyone has saved one (the defaults are nobody's). */
  lastChangedTemplate: () =>
    queryOptions({
      queryKey: dashboardKeys.lastChangedTemplate(),
      queryFn: async () => {
        const { data } = await apiListRequest<TTemplateSummary>('templateserver', '/templates', {
          query: { sort: '-updatedAt', pageSize: 1 },
        });
        return data[0] ?? null;
      },
    }),
};

export type TPanelData<TData> =
  | { status: 'loading'; data?: undefined }
  | { status: 'error'; data?: undefined }
  | { status: 'ready'; data: TData };

/**
 * A panel's data through the query cache but without `useQuery`: its observer would push the first
 * signed-in page over its bundle budget (docs/decisions/003). What the cache holds shows at once
 * and is then read again, since the dashboard is where a user comes to see what is new. A failure
 * leaves that panel saying so; the rest of the dashboard does not depend on it.
 */
export const usePanelData = <TData>(
  options: { queryKey: DataTag<QueryKey, TData, Error>; queryFn?: unknown },
  { enabled }: { enabled: boolean },
): TPanelData<TData> | undefined => {
  const [state, setState] = useState<TPanelData<TData>>();
  const key = JSON.stringify(options.queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the query; options is a new object each render.
  useEffect(() => {
    const queryClient = getLoadedQueryClient();
    if (!enabled || !queryClient) return;
    let isCurrent = true;
    const cached = queryClient.getQueryData(options.queryKey);
    setState(cached === undefined ? { status: 'loading' } : { status: 'ready', data: cached });
    queryClient
      .fetchQuery({ ...(options as Parameters<typeof queryClient.fetchQuery>[0]), staleTime: 0 })
      .then(
        (data) => {
          if (isCurrent) setState({ status: 'ready', data: data as TData });
        },
        () => {
          if (isCurrent && cached === undefined) setState({ status: 'error' });
        },
      );
    return () => {
      isCurrent = false;
    };
  }, [enabled, key]);
  return enabled ? state : undefined;
};
