import type { TReportSketchSummary } from '@cargodesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { getLoadedQueryClient } from '@/lib/loaded-query-client.ts';
import { dashboardKeys } from './keys.ts';

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
