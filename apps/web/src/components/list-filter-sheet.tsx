import { FilterOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { type TListSort, type TSortOrder, toSortParam } from '../lib/list/list-url.ts';

export type TSortChoice<TField extends string> = { field: TField; label: string };

const orderWords: Record<TSortOrder, string> = { ascend: 'ascending', descend: 'descending' };

/**
 * A phone's filters: one button that says how many are set, opening a sheet from the bottom with
 * the screen's filters and, since cards have no column headers to click, the sort.
 */
export const ListFilterSheet = <TField extends string>({
  title,
  filterCount,
  onClear,
  sortChoices,
  sort,
  onSort,
  children,
}: {
  /** What is filtered, as in "Filter users". */
  title: string;
  filterCount: number;
  onClear: () => void;
  sortChoices: readonly TSortChoice<TField>[];
  sort: TListSort<TField> | undefined;
  onSort: (sort: TListSort<TField> | undefined) => void;
  children?: ReactNode;
}) => {
  const [isOpen, setIsOpen] = useState(false);
  const sortOptions = sortChoices.flatMap(({ field, label }) =>
    (['ascend', 'descend'] as const).map((order) => ({
      value: toSortParam({ field, order }),
      label: `${label}, ${orderWords[order]}`,
    })),
  );
  const onSortPicked = (value: string | undefined) => {
    if (!value) return onSort(undefined);
    const order: TSortOrder = value.startsWith('-') ? 'descend' : 'ascend';
    onSort({ field: value.replace(/^-/, '') as TField, order });
  };
  return (
    <>
      <Button icon={<FilterOutlined aria-hidden />} onClick={() => setIsOpen(true)} aria-haspopup="dialog">
        {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
      </Button>
      <Drawer
        title={title}
        placement="bottom"
        size="auto"
        open={isOpen}
        onClose={() => setIsOpen(false)}
        rootClassName="list-filter-sheet"
        footer={
          <Flex gap="small">
            <Button block disabled={filterCount === 0} onClick={onClear}>
              Clear filters
            </Button>
            <Button block type="primary" onClick={() => setIsOpen(false)}>
              Show results
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap="small" className="list-filter-sheet__controls">
          {children}
          {sortOptions.length > 0 && (
            <Select
              allowClear
              aria-label="Sort by"
              placeholder="Sort: the list's own order"
              value={toSortParam(sort)}
              onChange={onSortPicked}
              options={sortOptions}
            />
          )}
        </Flex>
      </Drawer>
    </>
  );
};
