import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change whose success makes every query under `invalidates` stale, so each screen showing that
 * data reads it again. A failure is toasted by the query client's default unless `meta` says the
 * screen shows it in place.
 */
export const useInvalidatingMutation = <TVariables, TResult>({
  mutationFn,
  invalidates,
  meta,
}: {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  invalidates: QueryKey;
  meta?: { isErrorShownByCaller?: boolean } | undefined;
}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
};
