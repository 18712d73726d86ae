import type { TReceivingLocation, TReceivingLocationInput } from '@cargodesk/shared';
import { createCompanyListApi } from '@/components/company-list/company-list-api.ts';
import { receivingLocationsKeys } from './keys.ts';

// The company's receiving locations (master /receivinglocation): searched, sorted and paged on the server.
export const receivingLocationsApi = createCompanyListApi<TReceivingLocation, TReceivingLocationInput>({
  path: '/receivinglocation',
  keys: receivingLocationsKeys,
});
