import { Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';

/** The part of a list's state a filter reads and writes (`useListState`'s result has it). */
type TFilterState<TFilters> = {
  filters: Partial<TFilters>;
  setFilter: <K extends keyof TFilters>(key: K, value: TFilters[K] | undefined) => void;
};

/**
 * One filter of a list page: a select whose choice lives in the list's URL like the search does,
 * cleared to show every row again. Its label names it for a screen reader ("Filter by status"); its
 * placeholder says what the empty choice shows ("All statuses").
 */
export const ListFilterSelect = <TFilters, K extends keyof TFilters>({
  list,
  name,
  label,
  placeholder,
  options,
  width,
  isSearchable = false,
  loading,
  notFoundContent,
}: {
  list: TFilterState<TFilters>;
  name: K;
  label: string;
  placeholder: string;
  options: { value: NonNullable<TFilters[K]> & string; label: ReactNode }[];
  width: number;
  /** A long list (tags, countries, users) narrows as one types. */
  isSearchable?: boolean;
} & Pick<SelectProps, 'loading' | 'notFoundContent'>) => (
  <Select<NonNullable<TFilters[K]> & string>
    allowClear
    showSearch={isSearchable ? { optionFilterProp: 'label' } : false}
    aria-label={label}
    placeholder={placeholder}
    style={{ width }}
    value={list.filters[name] as (NonNullable<TFilters[K]> & string) | undefined}
    onChange={(value) => list.setFilter(name, value)}
    options={options}
    loading={loading}
    notFoundContent={notFoundContent}
  />
);
