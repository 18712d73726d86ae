import { PlusOutlined } from '@ant-design/icons';
import type { TCompanyListQuery, TReceivingLocation } from '@cargodesk/shared';
import { Button, Select, Space, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { ReadOnlyNotice } from '../../../components/read-only-notice.tsx';
import { RequirePermission } from '../../../components/require-permission.tsx';
import { useCan } from '../../../lib/auth/permissions.ts';
import { useCountryOptions } from '../../../lib/country-options.ts';
import { oneOf } from '../../../lib/list/list-url.ts';
import { useListState } from '../../../lib/list/use-list-state.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  getReceivingLocations,
  useDeleteReceivingLocation,
  useReceivingLocations,
} from '../api/receiving-locations.ts';
import { ReceivingLocationModal } from '../components/receiving-location-modal.tsx';

type TSortField = 'name' | 'code' | 'city';
type TFilters = { active: 'true' | 'false' };

const title = 'Receiving locations';

/** /settings/receiving-locations: the company's own warehouses and depots where goods are received. */
export const ReceivingLocationsRoute = () => (
  <RequirePermission permission="ports:read" title={title} what="receiving locations">
    <ReceivingLocations />
  </RequirePermission>
);

const ReceivingLocations = () => {
  const canWrite = useCan('ports:write');
  const { nameOf } = useCountryOptions();
  // undefined: closed; null: adding; a location: editing it.
  const [editing, setEditing] = useState<TReceivingLocation | null>();
  const remove = useDeleteReceivingLocation();
  const list = useListState<TFilters, TSortField>({
    filters: { active: oneOf(['true', 'false'] as const) },
    sortFields: ['name', 'code', 'city'],
  });
  const query = list.query as Partial<TCompanyListQuery>;
  const locations = useReceivingLocations(query);

  const columns: NonNullable<TableProps<TReceivingLocation>['columns']> = [
    {
      key: 'code',
      title: 'Code',
      sorter: true,
      render: (_, entry) =>
        canWrite ? (
          <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(entry)}>
            {entry.code}
          </Button>
        ) : (
          entry.code
        ),
    },
    { key: 'name', title: 'Name', sorter: true, dataIndex: 'name' },
    { key: 'city', title: 'City', sorter: true, responsive: ['md'], render: (_, entry) => entry.city || '—' },
    {
      key: 'country',
      title: 'Country',
      responsive: ['md'],
      render: (_, entry) => `${nameOf(entry.countryCode)} (${entry.countryCode})`,
    },
    { key: 'locode', title: 'UN/LOCODE', responsive: ['lg'], render: (_, entry) => entry.locode ?? '—' },
    {
      key: 'status',
      title: 'Status',
      render: (_, entry) => (entry.isActive ? <Tag color="success">Active</Tag> : <Tag>Inactive</Tag>),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: <span className="visually-hidden">Actions</span>,
            render: (_: unknown, entry: TReceivingLocation) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  aria-label={`Edit ${entry.name} (${entry.code})`}
                  onClick={() => setEditing(entry)}
                >
                  Edit
                </Button>
                <ConfirmDeleteButton
                  label={`Delete receiving location ${entry.name} (${entry.code})`}
                  question={`Delete ${entry.name} (${entry.code})?`}
                  description="The receiving location is removed for everyone in your company."
                  isPending={remove.isPending && remove.variables === entry._id}
                  onConfirm={() =>
                    remove
                      .mutateAsync(entry._id)
                      .then(() => notifySuccess(`Receiving location ${entry.code} deleted`))
                  }
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<TReceivingLocation, TFilters, TSortField>
        title={title}
        intro={
          canWrite ? (
            'Your warehouses, depots and stations where goods are received, each with a code of your own.'
          ) : (
            <ReadOnlyNotice what="receiving locations" permission="ports:write" />
          )
        }
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              Add receiving location
            </Button>
          )
        }
        search={{
          label: 'Search receiving locations',
          placeholder: 'Search by code, name or city',
          regionLabel: 'Find receiving locations',
        }}
        filters={
          <Select
            allowClear
            aria-label="Filter by status"
            placeholder="Active and inactive"
            style={{ width: 190 }}
            value={list.filters.active}
            onChange={(value?: 'true' | 'false') => list.setFilter('active', value)}
            options={[
              { value: 'true', label: 'Active only' },
              { value: 'false', label: 'Inactive only' },
            ]}
          />
        }
        list={list}
        query={locations}
        columns={columns}
        rowKey="_id"
        noun={{ one: 'receiving location', other: 'receiving locations' }}
        empty={{
          filtered: 'No receiving locations match your search.',
          unfiltered: canWrite
            ? 'No receiving locations yet. Add the first one.'
            : 'No receiving locations yet.',
        }}
        notAllowed={{ what: 'receiving locations' }}
        tableMinWidth={360}
        export={{
          fileName: 'receiving-locations.csv',
          fetchPage: (page) => getReceivingLocations({ ...query, ...page }),
          columns: [
            { title: 'Code', value: (entry) => entry.code },
            { title: 'Name', value: (entry) => entry.name },
            { title: 'Address', value: (entry) => entry.address },
            { title: 'City', value: (entry) => entry.city },
            { title: 'Country code', value: (entry) => entry.countryCode },
            { title: 'UN/LOCODE', value: (entry) => entry.locode },
            { title: 'Active', value: (entry) => (entry.isActive ? 'yes' : 'no') },
          ],
        }}
      />
      {canWrite && editing !== undefined && (
        <ReceivingLocationModal entry={editing ?? undefined} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
};
