import type { TPortImport } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

// UN/LOCODE imports of the port catalogue every company shares (master /oceanport/imports): a
// platform administrator uploads the CodeList, reviews the differences, and applies or discards them.

/** The ports screens' queries: an applied import changes what every company searches. */
const portsQueryRoot = ['ports'] as const;

export const useUploadPortImport = () =>
  useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: (file: File) =>
      apiRequest<TPortImport>('master', '/oceanport/imports', {
        method: 'POST',
        body: file,
        query: { fileName: file.name },
        timeoutMs: 120_000,
      }),
  });

export const useDecidePortImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: ({
      id,
      apply,
      keepOutOfCountry,
    }: {
      id: string;
      apply: boolean;
      keepOutOfCountry?: boolean;
    }) =>
      apply
        ? apiRequest<TPortImport>('master', `/oceanport/imports/${id}/apply`, {
            method: 'POST',
            body: { keepOutOfCountry: keepOutOfCountry ?? false },
            timeoutMs: 120_000,
          })
        : apiRequest<TPortImport>('master', `/oceanport/imports/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portsQueryRoot }),
  });
};
