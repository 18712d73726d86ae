import { PlusOutlined } from '@ant-design/icons';
import type { TBusinessType, TCompanyListQuery } from '@cargodesk/shared';
import { Button, Select, Space, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { ReadOnlyNotice } from '../../../components/read-only-notice.tsx';
import { RequirePermission } from '../../../components/require-permission.tsx';
import { useCan } from '../../../lib/auth/permissions.ts';
import { useFormat } from '../../../lib/format/format-store.ts';
import { oneOf } from '../../../lib/list/list-url.ts';
import { useListState } from '../../../lib/list/use-list-state.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { getBusinessTypes, useBusinessTypes, useDeleteBusinessType } from '../api/business-types.ts';
import { BusinessTypeModal } from '../components/business-type-modal.tsx';

type TSortField = 'name' | 'createdAt';
type TFilters = { active: 'true' | 'false' };

const title = 'Business types';

/** /settings/business-types: the kinds of business the company records (master /type). */
export const BusinessTypesRoute = () => (
  <RequirePermission permission="picklists:read" title={title} what="business types">
    <BusinessTypes />
  </RequirePermission>
);

const BusinessTypes = () => {
  const { formatDate } = useFormat();
  const canWrite = useCan('picklists:write');
  // undefined: closed; null: adding; a type: editing it.
  const [editing, setEditing] = useState<TBusinessType | null>();
  const remove = useDeleteBusinessType();
  const list = useListState<TFilters, TSortField>({
    filters: { active: oneOf(['true', 'false'] as const) },
    sortFields: ['name', 'createdAt'],
  });
  const query = list.query as Partial<TCompanyListQuery>;
  const types = useBusinessTypes(query);

  const columns: NonNullable<TableProps<TBusinessType>['columns']> = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      render: (_, entry) =>
        canWrite ? (
          <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(entry)}>
            {entry.name}
          </Button>
        ) : (
          entry.name
        ),
    },
    {
      key: 'description',
      title: 'Description',
      responsive: ['md'],
      render: (_, entry) => entry.description || '—',
    },
    {
      key: 'status',
      title: 'Status',
      render: (_, entry) => (entry.isActive ? <Tag color="success">Active</Tag> : <Tag>Inactive</Tag>),
    },
    {
      key: 'createdAt',
      title: 'Added',
      sorter: true,
      responsive: ['lg'],
      render: (_, entry) => <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>,
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: <span className="visually-hidden">Actions</span>,
            render: (_: unknown, entry: TBusinessType) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  aria-label={`Edit ${entry.name}`}
                  onClick={() => setEditing(entry)}
                >
                  Edit
                </Button>
                <ConfirmDeleteButton
                  label={`Delete business type ${entry.name}`}
                  question={`Delete ${entry.name}?`}
                  description="The business type is removed for everyone in your company."
                  isPending={remove.isPending && remove.variables === entry._id}
                  onConfirm={() =>
                    remove
                      .mutateAsync(entry._id)
                      .then(() => notifySuccess(`Business type ${entry.name} deleted`))
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
      <ListPage<TBusinessType, TFilters, TSortField>
        title={title}
        intro={
          canWrite ? (
            'The kinds of business your company records on its contacts and shipments.'
          ) : (
            <ReadOnlyNotice what="business types" permission="picklists:write" />
          )
        }
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              Add business type
            </Button>
          )
        }
        search={{
          label: 'Search business types',
          placeholder: 'Search by name or description',
          regionLabel: 'Find business types',
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
        query={types}
        columns={columns}
        rowKey="_id"
        noun={{ one: 'business type', other: 'business types' }}
        empty={{
          filtered: 'No business types match your search.',
          unfiltered: canWrite ? 'No business types yet. Add the first one.' : 'No business types yet.',
        }}
        notAllowed={{ what: 'business types' }}
        tableMinWidth={360}
        export={{
          fileName: 'business-types.csv',
          fetchPage: (page) => getBusinessTypes({ ...query, ...page }),
          columns: [
            { title: 'Name', value: (entry) => entry.name },
            { title: 'Description', value: (entry) => entry.description },
            { title: 'Active', value: (entry) => (entry.isActive ? 'yes' : 'no') },
            { title: 'Added', value: (entry) => entry.createdAt },
          ],
        }}
      />
      {canWrite && editing !== undefined && (
        <BusinessTypeModal entry={editing ?? undefined} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
};
