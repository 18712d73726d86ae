import type { TBusinessType } from '@cargodesk/shared';
import type { ReactNode } from 'react';
import type { TCompanyListColumns } from '@/components/company-list/company-list-definition.ts';
import { createCompanyListRoute, statusColumn } from '@/components/company-list/company-list-screen.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { businessTypesApi } from '../api/business-types.ts';
import {
  BusinessTypeFields,
  toBusinessTypeInput,
  toBusinessTypeValues,
} from '../components/business-type-fields.tsx';

const useColumns = (renderOpener: (entry: TBusinessType, text: string) => ReactNode) => {
  const { formatDate } = useFormat();
  const columns: TCompanyListColumns<TBusinessType> = [
    { key: 'name', title: 'Name', sorter: true, render: (_, entry) => renderOpener(entry, entry.name) },
    {
      key: 'description',
      title: 'Description',
      responsive: ['md'],
      render: (_, entry) => entry.description || '—',
    },
    statusColumn(),
    {
      key: 'createdAt',
      title: 'Added',
      sorter: true,
      responsive: ['lg'],
      render: (_, entry) => <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>,
    },
  ];
  return columns;
};

/** /settings/business-types: the kinds of business the company records (master /type). */
export const BusinessTypesRoute = createCompanyListRoute({
  noun: { one: 'business type', other: 'business types' },
  permissions: { read: 'picklists:read', write: 'picklists:write' },
  intro: 'The kinds of business your company records on its contacts and shipments.',
  searchPlaceholder: 'Search by name or description',
  sortFields: ['name', 'createdAt'],
  api: businessTypesApi,
  useColumns,
  exportColumns: [
    { title: 'Name', value: (entry) => entry.name },
    { title: 'Description', value: (entry) => entry.description },
    { title: 'Active', value: (entry) => (entry.isActive ? 'yes' : 'no') },
    { title: 'Added', value: (entry) => entry.createdAt },
  ],
  rowName: (entry) => entry.name,
  form: {
    Fields: BusinessTypeFields,
    toValues: toBusinessTypeValues,
    toInput: toBusinessTypeInput,
    focusField: 'name',
    conflictField: 'name',
    inactiveHint: 'Inactive types stay on the records that use them but are not offered for new ones.',
  },
});
