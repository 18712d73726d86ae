import { PlusOutlined } from '@ant-design/icons';
import type { TCompanyListQuery } from '@cargodesk/shared';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '@/lib/auth/permissions.ts';
import { oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { ConfirmDeleteButton } from '../confirm-delete-button.tsx';
import { ListFilterSelects, labelledOptions, type TListFilter } from '../list-filter-select.tsx';
import { ListPage } from '../list-page.tsx';
import { ReadOnlyNotice } from '../read-only-notice.tsx';
import { RequirePermission } from '../require-permission.tsx';
import {
  capitalise,
  type TCompanyListColumns,
  type TCompanyListDefinition,
  type TCompanyListRow,
  type TCompanyListValues,
} from './company-list-definition.ts';
import { CompanyListDialog } from './company-list-dialog.tsx';

type TFilters = { active: 'true' | 'false' };

const activeOptions = labelledOptions(['true', 'false'], { true: 'Active only', false: 'Inactive only' });
const filters: TListFilter<TFilters>[] = [
  { name: 'active', by: 'status', placeholder: 'Active and inactive', width: 190, options: activeOptions },
];

/** The Status column of a company list, placed by each definition among its columns. */
export const statusColumn = <TRow extends TCompanyListRow>(): TCompanyListColumns<TRow>[number] => ({
  key: 'status',
  title: 'Status',
  render: (_, row) => (row.isActive ? <Tag color="success">Active</Tag> : <Tag>Inactive</Tag>),
});

/**
 * The route of a company-level list of the settings (business types, receiving locations) on the
 * list kit: searched, filtered by status, sorted and exported, with add, edit and delete for those
 * who may write it and a read-only notice for the others. Without the read permission the 403 card
 * shows instead and the list asks the API for nothing.
 */
export const createCompanyListRoute = <
  TRow extends TCompanyListRow,
  TInput,
  TValues extends TCompanyListValues,
  TField extends string,
>(
  definition: TCompanyListDefinition<TRow, TInput, TValues, TField>,
) => {
  const title = capitalise(definition.noun.other);
  const CompanyListRoute = () => (
    <RequirePermission permission={definition.permissions.read} title={title} what={definition.noun.other}>
      <CompanyList />
    </RequirePermission>
  );

  const CompanyList = () => {
    const { noun, permissions, api, rowName, deletedName = rowName } = definition;
    const canWrite = useCan(permissions.write);
    // undefined: closed; null: adding; a row: editing it.
    const [editing, setEditing] = useState<TRow | null>();
    const remove = api.useDelete();
    const list = useListState<TFilters, TField>({
      filters: { active: oneOf(['true', 'false'] as const) },
      sortFields: definition.sortFields,
    });
    const query = list.query as Partial<TCompanyListQuery>;
    const rows = api.useList(query);

    const columns: TCompanyListColumns<TRow> = [
      ...definition.useColumns((row, text) =>
        canWrite ? (
          <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(row)}>
            {text}
          </Button>
        ) : (
          text
        ),
      ),
      ...(canWrite
        ? [
            {
              key: 'actions',
              title: <span className="visually-hidden">Actions</span>,
              render: (_: unknown, row: TRow) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    aria-label={`Edit ${rowName(row)}`}
                    onClick={() => setEditing(row)}
                  >
                    Edit
                  </Button>
                  <ConfirmDeleteButton
                    label={`Delete ${noun.one} ${rowName(row)}`}
                    question={`Delete ${rowName(row)}?`}
                    description={`The ${noun.one} is removed for everyone in your company.`}
                    isPending={remove.isPending && remove.variables === row._id}
                    onConfirm={() =>
                      remove
                        .mutateAsync(row._id)
                        .then(() => notifySuccess(`${capitalise(noun.one)} ${deletedName(row)} deleted`))
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
        <ListPage<TRow, TFilters, TField>
          title={title}
          intro={
            canWrite ? definition.intro : <ReadOnlyNotice what={noun.other} permission={permissions.write} />
          }
          actions={
            canWrite && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                {`Add ${noun.one}`}
              </Button>
            )
          }
          search={{
            label: `Search ${noun.other}`,
            placeholder: definition.searchPlaceholder,
            regionLabel: `Find ${noun.other}`,
          }}
          filters={<ListFilterSelects list={list} filters={filters} />}
          list={list}
          query={rows}
          columns={columns}
          noun={noun}
          empty={{
            filtered: `No ${noun.other} match your search.`,
            unfiltered: canWrite ? `No ${noun.other} yet. Add the first one.` : `No ${noun.other} yet.`,
          }}
          notAllowed={{ what: noun.other }}
          tableMinWidth={360}
          export={{
            // The screen's own path: business-types.csv.
            fileName: `${noun.other.replaceAll(' ', '-')}.csv`,
            fetchPage: (page) => api.getList({ ...query, ...page }),
            columns: definition.exportColumns,
          }}
        />
        {canWrite && editing !== undefined && (
          <CompanyListDialog
            definition={definition}
            entry={editing ?? undefined}
            onClose={() => setEditing(undefined)}
          />
        )}
      </>
    );
  };

  return CompanyListRoute;
};
