import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TListMeta } from '@cargodesk/shared';
import { Button, Card, Empty, Flex, Input, Table, type TableProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError, toErrorMessage } from '../lib/api-client.ts';
import { downloadCsv, fetchAllPages, type TCsvColumn, toCsvOf } from '../lib/list/export-csv.ts';
import { formatListTotal } from '../lib/list/list-total.ts';
import type { TListStateResult } from '../lib/list/use-list-state.ts';
import { notifyError } from '../lib/notify.ts';
import { QueryErrorAlert } from './query-error-alert.tsx';
import { NotAllowedCard } from './require-permission.tsx';

type TListPageQuery<TRow> = {
  data: { data: TRow[]; meta: TListMeta } | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type TListPageProps<TRow, TFilters, TField extends string> = {
  title: string;
  /** What sits between the title and the search: a line on what the screen is for, settings. */
  intro?: ReactNode;
  /** Buttons beside the title (create, invite). */
  actions?: ReactNode;
  /** A control before the search box choosing what is searched (a catalogue), inside the search region. */
  scope?: ReactNode;
  /** Controls beside the search box (selects, radio groups), wired to `list.setFilter`. */
  filters?: ReactNode;
  search: { label: string; placeholder: string; regionLabel: string; width?: number };
  list: TListStateResult<TFilters, TField>;
  query: TListPageQuery<TRow>;
  /** Columns with `sorter: true` sort on the server by their `key`; their order shown comes from the list. */
  columns: NonNullable<TableProps<TRow>['columns']>;
  rowKey: TableProps<TRow>['rowKey'];
  /** What a row is, as in "1 user" / "20 users". */
  noun: { one: string; other: string };
  empty: { filtered: string; unfiltered?: string };
  /** "What you see is not for you": the 403 card's words, when the server refuses the list. */
  notAllowed: { what: string };
  /** CSV export of the current search and filters: `fetchPage` asks for one page of that query. */
  export?: {
    fileName: string;
    columns: readonly TCsvColumn<TRow>[];
    fetchPage: (page: { page: number; pageSize: number }) => Promise<{ data: TRow[]; meta: TListMeta }>;
  };
  hideOnSinglePage?: boolean;
};

/**
 * A searchable, filterable list paged and sorted on the server: its state is the URL's (see
 * `useListState`), loading, empty, error and 403 states are the same on every screen, and the rows
 * of the current search can be exported as CSV.
 */
export const ListPage = <TRow extends object, TFilters, TField extends string>({
  title,
  intro,
  actions,
  scope,
  filters,
  search,
  list,
  query,
  columns,
  rowKey,
  noun,
  empty,
  notAllowed,
  export: exportOptions,
  hideOnSinglePage = false,
}: TListPageProps<TRow, TFilters, TField>) => {
  const [isExporting, setIsExporting] = useState(false);
  if (query.error instanceof ApiError && query.error.status === 403)
    return <NotAllowedCard title={title} what={notAllowed.what} />;

  const sortedColumns = columns.map((column) =>
    column.sorter && column.key !== undefined
      ? { ...column, sortOrder: list.sort?.field === column.key ? list.sort.order : null }
      : column,
  );

  const onTableChange: TableProps<TRow>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? (single.columnKey as TField | undefined) : undefined;
    const nextSort = field && single?.order ? { field, order: single.order } : undefined;
    if (nextSort?.field !== list.sort?.field || nextSort?.order !== list.sort?.order) {
      list.setSort(nextSort);
      return;
    }
    list.setPage(pagination.current ?? 1, pagination.pageSize ?? list.pageSize);
  };

  const onExport = async () => {
    if (!exportOptions) return;
    setIsExporting(true);
    try {
      const rows = await fetchAllPages(exportOptions.fetchPage);
      downloadCsv(exportOptions.fileName, toCsvOf(exportOptions.columns, rows));
    } catch (error) {
      notifyError(toErrorMessage(error));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Card>
      <Flex wrap justify="space-between" align="center" gap="small" style={{ marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex wrap gap="small">
          {exportOptions && (
            <Button
              icon={<DownloadOutlined />}
              loading={isExporting}
              disabled={!query.data?.meta.total}
              onClick={() => void onExport()}
            >
              Export CSV
            </Button>
          )}
          {actions}
        </Flex>
      </Flex>
      {intro}
      <Flex wrap gap="small" style={{ marginBottom: 16 }} role="search" aria-label={search.regionLabel}>
        {scope}
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={search.placeholder}
          aria-label={search.label}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          style={{ width: search.width ?? 280, maxWidth: '100%' }}
        />
        {filters}
      </Flex>
      <QueryErrorAlert query={query} />
      <Table<TRow>
        rowKey={rowKey}
        columns={sortedColumns}
        dataSource={query.data?.data ?? []}
        loading={query.isFetching}
        onChange={onTableChange}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: query.data?.meta.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage,
          showTotal: (total) =>
            `${formatListTotal({ total, totalIsCapped: query.data?.meta.totalIsCapped })} ${total === 1 ? noun.one : noun.other}`,
        }}
        locale={{
          emptyText: query.isLoading ? (
            ' '
          ) : (
            <Empty description={list.isFiltered || !empty.unfiltered ? empty.filtered : empty.unfiltered} />
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
};
