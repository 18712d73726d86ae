import { DownloadOutlined, EllipsisOutlined, SearchOutlined } from '@ant-design/icons';
import type { TListMeta } from '@cargodesk/shared';
import {
  Button,
  Card,
  Dropdown,
  Empty,
  Flex,
  Input,
  Pagination,
  type PaginationProps,
  Popconfirm,
  Spin,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { downloadBlob } from '../lib/download-blob.ts';
import { useFormat } from '../lib/format/format-store.ts';
import { downloadCsv, fetchAllPages, type TCsvColumn, toCsvOf } from '../lib/list/export-csv.ts';
import { formatListTotal } from '../lib/list/list-total.ts';
import type { TListStateResult } from '../lib/list/use-list-state.ts';
import { notifyFailure } from '../lib/notify.ts';
import { useIsNarrowScreen } from '../lib/use-is-narrow-screen.ts';
import { ListCards } from './list-cards.tsx';
import { ListFilterSheet } from './list-filter-sheet.tsx';
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
  /** Buttons beside the title (create, invite): the screen's primary action, in reach on a phone too. */
  actions?: ReactNode;
  /** The screen's other actions (import, tags): buttons on a wide screen, one "More actions" menu on a phone. */
  moreActions?: readonly TMoreAction[];
  /** A control before the search box choosing what is searched (a catalogue), inside the search region. */
  scope?: ReactNode;
  /** Controls beside the search box (selects, radio groups), wired to `list.setFilter`. */
  filters?: ReactNode;
  search: { label: string; placeholder: string; regionLabel: string; width?: number };
  list: TListStateResult<TFilters, TField>;
  query: TListPageQuery<TRow>;
  /** Columns with `sorter: true` sort on the server by their `key`; their order shown comes from the list. */
  columns: NonNullable<TableProps<TRow>['columns']>;
  /** Rows are told apart by their `_id` unless this says otherwise. */
  rowKey?: TableProps<TRow>['rowKey'];
  /** What a row is, as in "1 user" / "20 users". */
  noun: { one: string; other: string };
  /** `filtered` is "No {noun.other} match your search or filters." unless given. */
  empty: { filtered?: string; unfiltered?: string };
  /** "What you see is not for you": the 403 card's words, when the server refuses the list. */
  notAllowed: { what: string };
  /**
   * CSV export of the current search and filters: `fetchPage` asks for one page of that query and
   * the rows are written here, or, for lists too long to hold, `download` fetches the file the
   * server writes.
   */
  export?:
    | {
        fileName: string;
        columns: readonly TCsvColumn<TRow>[];
        fetchPage: (page: { page: number; pageSize: number }) => Promise<{ data: TRow[]; meta: TListMeta }>;
      }
    | { fileName: string; download: () => Promise<Blob> };
  hideOnSinglePage?: boolean;
  /** Row props (drag and drop). */
  onRow?: TableProps<TRow>['onRow'];
  /** A click anywhere on a row opens it (its actions cell stops their clicks: `RowActions`). */
  onOpenRow?: (row: TRow) => void;
  /** False for a list the screen holds whole (a picklist's values): no pager. */
  isPaged?: boolean;
  /** Inside a modal, drawer or another card: no card around it, and a heading one level down. */
  isEmbedded?: boolean;
  /** False under a tab that already names the list: the heading stays for a screen reader only. */
  isTitleShown?: boolean;
  /**
   * Inside a modal or drawer: the table keeps to its width instead of scrolling sideways, since a
   * scroll box without a control in it could not be reached by keyboard there.
   */
  isInDialog?: boolean;
  size?: TableProps<TRow>['size'];
  /** The narrowest the table gets before it scrolls sideways in its card, in pixels. */
  tableMinWidth?: number;
  /** On a phone, the column whose content heads each record's card; the first column unless named. */
  cardTitleKey?: string;
  /** Row selection with actions on the picked rows; without it the table has no checkboxes. */
  bulk?: TBulkOptions<TRow>;
};

export type TMoreAction = { label: string; icon?: ReactNode; isDisabled?: boolean; onClick: () => void };

export type TBulkAction<TRow> = {
  label: string;
  isDanger?: boolean;
  /** Asked before the action runs: every destructive action has one. */
  confirm?: { title: (count: number) => string; description: string; okText: string };
  /** Applies the action to the picked rows; once it resolves the selection is cleared. */
  run: (rows: TRow[]) => Promise<unknown>;
};

export type TBulkOptions<TRow> = {
  actions: readonly TBulkAction<TRow>[];
  /** How a row's checkbox is named to a screen reader ("Select Anna Smith"). */
  rowLabel: (row: TRow) => string;
  /** Rows the actions never apply to (yourself): their checkbox is disabled. */
  isSelectable?: (row: TRow) => boolean;
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
  moreActions = [],
  scope,
  filters,
  search,
  list,
  query,
  columns,
  rowKey = '_id',
  noun,
  empty,
  notAllowed,
  export: exportOptions,
  hideOnSinglePage = false,
  isEmbedded = false,
  isTitleShown = true,
  isInDialog = false,
  size,
  tableMinWidth = 720,
  onRow,
  onOpenRow,
  isPaged = true,
  cardTitleKey,
  bulk,
}: TListPageProps<TRow, TFilters, TField>) => {
  // The total is written in the user's number format: a change of preferences writes it again.
  useFormat();
  const [isExporting, setIsExporting] = useState(false);
  const selection = useRowSelection<TRow>(JSON.stringify(list.query));
  const isNarrow = useIsNarrowScreen();
  if (query.error instanceof ApiError && query.error.status === 403)
    return <NotAllowedCard title={title} what={notAllowed.what} />;

  const sortedColumns = columns.map((column) =>
    column.sorter && column.key !== undefined
      ? { ...column, sortOrder: list.sort?.field === column.key ? list.sort.order : null }
      : column,
  );
  // A row's actions stay in view at the table's right edge while a wide table scrolls in its card.
  const tableColumns = sortedColumns.map((column) =>
    column.key === 'actions'
      ? { ...column, className: 'list-actions-cell', ...(isInDialog ? {} : { fixed: 'right' as const }) }
      : column,
  );

  const onTableChange: TableProps<TRow>['onChange'] = (pagination, _filters, sorter, { action }) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    // The table works out the next order from what it shows; the list from what was last asked.
    if (action === 'sort' && single?.columnKey !== undefined) list.toggleSort(single.columnKey as TField);
    else list.setPage(pagination.current ?? 1, pagination.pageSize ?? list.pageSize);
  };

  const onExport = async () => {
    if (!exportOptions) return;
    setIsExporting(true);
    try {
      if ('download' in exportOptions) {
        downloadBlob(exportOptions.fileName, await exportOptions.download());
      } else {
        const rows = await fetchAllPages(exportOptions.fetchPage);
        downloadCsv(exportOptions.fileName, toCsvOf(exportOptions.columns, rows));
      }
    } catch (error) {
      notifyFailure(error);
    } finally {
      setIsExporting(false);
    }
  };

  const rows = query.data?.data ?? [];
  const keyOf = (row: TRow, index: number): Key =>
    typeof rowKey === 'function' ? rowKey(row, index) : (row[rowKey as keyof TRow] as Key);
  const pagination: PaginationProps | false = isPaged && {
    current: list.page,
    pageSize: list.pageSize,
    total: query.data?.meta.total ?? 0,
    showSizeChanger: false,
    hideOnSinglePage,
    showTotal: (total) =>
      `${formatListTotal({ total, totalIsCapped: query.data?.meta.totalIsCapped })} ${total === 1 ? noun.one : noun.other}`,
  };
  const emptyState = query.isLoading ? null : (
    <Empty
      description={
        list.isFiltered || !empty.unfiltered
          ? (empty.filtered ?? `No ${noun.other} match your search or filters.`)
          : empty.unfiltered
      }
    />
  );
  // On a phone the secondary actions and the export fold into one menu beside the primary action.
  const foldedActions: TMoreAction[] = [
    ...moreActions,
    ...(exportOptions
      ? [
          {
            label: 'Export CSV',
            icon: <DownloadOutlined />,
            isDisabled: !query.data?.meta.total || isExporting,
            onClick: () => void onExport(),
          },
        ]
      : []),
  ];
  const sortChoices = sortedColumns.flatMap((column) =>
    column.sorter && column.key !== undefined && typeof column.title === 'string'
      ? [{ field: column.key as TField, label: column.title }]
      : [],
  );

  const Frame = isEmbedded ? 'div' : Card;
  return (
    <Frame className={isNarrow ? 'list-page list-page--narrow' : 'list-page'}>
      <Flex wrap justify="space-between" align="center" gap="small" className="list-page__head">
        <Typography.Title
          level={isEmbedded ? 3 : 2}
          style={{ margin: 0 }}
          className={isTitleShown ? undefined : 'visually-hidden'}
        >
          {title}
        </Typography.Title>
        <Flex wrap gap="small">
          {!isNarrow && exportOptions && (
            <Button
              icon={<DownloadOutlined />}
              loading={isExporting}
              disabled={!query.data?.meta.total}
              onClick={() => void onExport()}
            >
              Export CSV
            </Button>
          )}
          {!isNarrow &&
            moreActions.map((action) => (
              <Button
                key={action.label}
                icon={action.icon}
                disabled={action.isDisabled}
                onClick={action.onClick}
              >
                {action.label}
              </Button>
            ))}
          {actions}
          {isNarrow && foldedActions.length > 0 && <MoreActionsMenu actions={foldedActions} />}
        </Flex>
      </Flex>
      {intro}
      <Flex
        wrap={!isNarrow}
        gap="small"
        style={{ marginBottom: 16 }}
        role="search"
        aria-label={search.regionLabel}
      >
        {scope}
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={search.placeholder}
          aria-label={search.label}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          style={isNarrow ? { flex: 1, minWidth: 0 } : { width: search.width ?? 280, maxWidth: '100%' }}
        />
        {!isNarrow && filters}
        {isNarrow && (filters || sortChoices.length > 0) && (
          <ListFilterSheet
            title={`Filter ${noun.other}`}
            filterCount={list.filterCount}
            onClear={list.clearFilters}
            sortChoices={sortChoices}
            sort={list.sort}
            onSort={list.setSort}
          >
            {filters}
          </ListFilterSheet>
        )}
      </Flex>
      <QueryErrorAlert query={query} />
      {bulk && selection.rows.length > 0 && (
        <BulkBar noun={noun} actions={bulk.actions} rows={selection.rows} onDone={selection.clear} />
      )}
      {isNarrow ? (
        <Spin spinning={query.isFetching}>
          {rows.length === 0 ? (
            emptyState
          ) : (
            <ListCards<TRow>
              label={title}
              rows={rows}
              rowKey={(row) => keyOf(row, rows.indexOf(row))}
              columns={columns}
              titleKey={cardTitleKey}
              onOpenRow={onOpenRow}
              selection={
                bulk && {
                  keys: selection.keys,
                  rowLabel: bulk.rowLabel,
                  isSelectable: bulk.isSelectable,
                  onToggle: (row, isPicked) => {
                    const picked = isPicked
                      ? [...selection.rows, row]
                      : selection.rows.filter((other) => other !== row);
                    selection.set(
                      picked.map((other) => keyOf(other, rows.indexOf(other))),
                      picked,
                    );
                  },
                }
              }
            />
          )}
          {pagination && rows.length > 0 && (
            <Pagination
              {...pagination}
              size="small"
              className="list-cards__pager"
              onChange={(page, pageSize) => list.setPage(page, pageSize)}
            />
          )}
        </Spin>
      ) : (
        <Table<TRow>
          rowKey={rowKey}
          rowSelection={
            bulk && {
              selectedRowKeys: selection.keys,
              onChange: selection.set,
              columnTitle: (checkbox) => <OutOfReachInMeasureRow>{checkbox}</OutOfReachInMeasureRow>,
              getCheckboxProps: (row) => ({
                'aria-label': `Select ${bulk.rowLabel(row)}`,
                disabled: bulk.isSelectable ? !bulk.isSelectable(row) : false,
              }),
            }
          }
          columns={tableColumns}
          dataSource={rows}
          loading={query.isFetching}
          onChange={onTableChange}
          onRow={
            onOpenRow ? (row) => ({ onClick: () => onOpenRow(row), style: { cursor: 'pointer' } }) : onRow
          }
          pagination={pagination}
          locale={{ emptyText: emptyState ?? ' ' }}
          // A table fills its card, long words wrapping in their cells (app-layout.css), and below
          // `tableMinWidth` scrolls sideways in its own box instead of squeezing its columns.
          scroll={isInDialog ? undefined : { x: tableMinWidth }}
          // Columns as wide as their content needs (antd would fix them equal for the pinned actions).
          tableLayout="auto"
          size={size}
        />
      )}
    </Frame>
  );
};

/**
 * The picked rows of the page on screen. A new search, filter, sort or page starts with none
 * picked, so an action never reaches rows the user no longer sees (and one page is at most the
 * server's batch limit).
 */
const useRowSelection = <TRow,>(scope: string) => {
  const [selection, setSelection] = useState<{ scope: string; keys: Key[]; rows: TRow[] }>({
    scope,
    keys: [],
    rows: [],
  });
  const isCurrent = selection.scope === scope;
  return {
    keys: isCurrent ? selection.keys : [],
    rows: isCurrent ? selection.rows : [],
    set: (keys: Key[], rows: TRow[]) => setSelection({ scope, keys, rows }),
    clear: () => setSelection({ scope, keys: [], rows: [] }),
  };
};

/**
 * antd copies every column title into a hidden row to measure widths; the copy of the "select all"
 * checkbox would still take keyboard focus there, so that copy is made inert.
 */
const OutOfReachInMeasureRow = ({ children }: { children: ReactNode }) => (
  <span
    ref={(node) => {
      if (node?.closest('.ant-table-measure-row')) node.inert = true;
    }}
  >
    {children}
  </span>
);

const BulkBar = <TRow,>({
  noun,
  actions,
  rows,
  onDone,
}: {
  noun: { one: string; other: string };
  actions: readonly TBulkAction<TRow>[];
  rows: TRow[];
  onDone: () => void;
}) => {
  const [running, setRunning] = useState<string>();
  const onRun = async (action: TBulkAction<TRow>) => {
    setRunning(action.label);
    try {
      await action.run(rows);
      onDone();
    } catch {
      // The query client's mutation default has shown why; the selection stays for another try.
    } finally {
      setRunning(undefined);
    }
  };
  return (
    <Flex
      wrap
      align="center"
      gap="small"
      role="region"
      aria-label="Selected rows"
      style={{ marginBottom: 16, padding: '8px 12px', background: '#f5f5f5', borderRadius: 8 }}
    >
      <Typography.Text strong aria-live="polite">
        {rows.length} {rows.length === 1 ? noun.one : noun.other} selected
      </Typography.Text>
      {actions.map((action) => {
        const button = (
          <Button
            key={action.label}
            danger={action.isDanger}
            loading={running === action.label}
            disabled={running !== undefined && running !== action.label}
            onClick={action.confirm ? undefined : () => void onRun(action)}
          >
            {action.label}
          </Button>
        );
        return action.confirm ? (
          <Popconfirm
            key={action.label}
            title={action.confirm.title(rows.length)}
            description={action.confirm.description}
            okText={action.confirm.okText}
            okButtonProps={{ danger: action.isDanger }}
            onConfirm={() => onRun(action)}
          >
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
      <Button type="link" onClick={onDone} disabled={running !== undefined}>
        Clear selection
      </Button>
    </Flex>
  );
};

/** A phone's menu of the actions that are buttons on a wide screen. */
const MoreActionsMenu = ({ actions }: { actions: readonly TMoreAction[] }) => (
  <Dropdown
    trigger={['click']}
    menu={{
      items: actions.map((action) => ({
        key: action.label,
        label: action.label,
        icon: action.icon,
        disabled: action.isDisabled,
        onClick: action.onClick,
      })),
    }}
  >
    <Button icon={<EllipsisOutlined />} aria-label="More actions" />
  </Dropdown>
);
