import type { TBusinessType, TBusinessTypeInput } from '@cargodesk/shared';
import { createCompanyListApi } from '@/components/company-list/company-list-api.ts';
import { businessTypesKeys } from './keys.ts';

// The company's business types (master /type): searched, sorted and paged on the server.
export const businessTypesApi = createCompanyListApi<TBusinessType, TBusinessTypeInput>({
  path: '/type',
  keys: businessTypesKeys,
});
