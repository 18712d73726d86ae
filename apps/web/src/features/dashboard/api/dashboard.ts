import type { TReportSketchSummary, TUserCounts } from '@cargodesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { getLoadedQueryClient } from '@/lib/loaded-query-client.ts';
import { dashboardKeys } from './keys.ts';

// What the dashboard reads: the company's user counts and the user's pinned reports.

export const getUserCounts = () => apiRequest<TUserCounts>('iamserver', '/users/count');

export const getUserCountsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.userCounts(), queryFn: getUserCounts });

/**
 * The company's users by status, through the query cache but without `useQuery`: its observer
 * would push the first signed-in page over its bundle budget (docs/decisions/003). A failure
 * leaves the count out; the rest of the dashboard does not depend on it.
 */
export const useUserCounts = ({ enabled }: { enabled: boolean }) => {
  const [counts, setCounts] = useState<TUserCounts>();
  useEffect(() => {
    const queryClient = getLoadedQueryClient();
    if (!enabled || !queryClient) return;
    let isCurrent = true;
    queryClient.fetchQuery(getUserCountsQueryOptions()).then(
      (data) => {
        if (isCurrent) setCounts(data);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [enabled]);
  return counts;
};

export const getPinnedReports = () =>
  apiRequest<TReportSketchSummary[]>('reportserver', '/reportSketch/pinned');

export const getPinnedReportsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.pinnedReports(), queryFn: getPinnedReports });

/**
 * Up to four reports the user pinned, through the query cache without `useQuery` (as the user
 * counts are, decision 003). The charts stay on the report screens: the dashboard links to them.
 */
export const usePinnedReports = ({ enabled }: { enabled: boolean }) => {
  const [reports, setReports] = useState<TReportSketchSummary[]>();
  useEffect(() => {
    const queryClient = getLoadedQueryClient();
    if (!enabled || !queryClient) return;
    let isCurrent = true;
    queryClient.fetchQuery({ ...getPinnedReportsQueryOptions(), staleTime: 0 }).then(
      (data) => {
        if (isCurrent) setReports(data);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [enabled]);
  return reports;
};
