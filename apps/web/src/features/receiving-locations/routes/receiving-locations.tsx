import type { TReceivingLocation } from '@cargodesk/shared';
import type { ReactNode } from 'react';
import type { TCompanyListColumns } from '@/components/company-list/company-list-definition.ts';
import { createCompanyListRoute, statusColumn } from '@/components/company-list/company-list-screen.tsx';
import { useCountryOptions } from '@/lib/country-options.ts';
import { receivingLocationsApi } from '../api/receiving-locations.ts';
import {
  ReceivingLocationFields,
  toReceivingLocationInput,
  toReceivingLocationValues,
} from '../components/receiving-location-fields.tsx';

const useColumns = (renderOpener: (entry: TReceivingLocation, text: string) => ReactNode) => {
  const { nameOf } = useCountryOptions();
  const columns: TCompanyListColumns<TReceivingLocation> = [
    { key: 'code', title: 'Code', sorter: true, render: (_, entry) => renderOpener(entry, entry.code) },
    { key: 'name', title: 'Name', sorter: true, dataIndex: 'name' },
    { key: 'city', title: 'City', sorter: true, responsive: ['md'], render: (_, entry) => entry.city || '—' },
    {
      key: 'country',
      title: 'Country',
      responsive: ['md'],
      render: (_, entry) => `${nameOf(entry.countryCode)} (${entry.countryCode})`,
    },
    { key: 'locode', title: 'UN/LOCODE', responsive: ['lg'], render: (_, entry) => entry.locode ?? '—' },
    statusColumn(),
  ];
  return columns;
};

/** /settings/receiving-locations: the company's own warehouses and depots where goods are received. */
export const ReceivingLocationsRoute = createCompanyListRoute({
  noun: { one: 'receiving location', other: 'receiving locations' },
  permissions: { read: 'ports:read', write: 'ports:write' },
  intro: 'Your warehouses, depots and stations where goods are received, each with a code of your own.',
  searchPlaceholder: 'Search by code, name or city',
  sortFields: ['name', 'code', 'city'],
  api: receivingLocationsApi,
  useColumns,
  exportColumns: [
    { title: 'Code', value: (entry) => entry.code },
    { title: 'Name', value: (entry) => entry.name },
    { title: 'Address', value: (entry) => entry.address },
    { title: 'City', value: (entry) => entry.city },
    { title: 'Country code', value: (entry) => entry.countryCode },
    { title: 'UN/LOCODE', value: (entry) => entry.locode },
    { title: 'Active', value: (entry) => (entry.isActive ? 'yes' : 'no') },
  ],
  rowName: (entry) => `${entry.name} (${entry.code})`,
  // The code alone says which one went.
  deletedName: (entry) => entry.code,
  form: {
    Fields: ReceivingLocationFields,
    toValues: toReceivingLocationValues,
    toInput: toReceivingLocationInput,
    focusField: 'code',
    conflictField: 'code',
    inactiveHint: 'Inactive locations are kept but not offered for new shipments.',
  },
});
