import { Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * The part of a list's state a filter reads and writes (`useListState`'s result has it). A method, so a
 * list with more filters than a shared set of selects knows (the issue lists) still passes.
 */
type TFilterState<TFilters> = {
  filters: Partial<TFilters>;
  setFilter<K extends keyof TFilters>(key: K, value: TFilters[K] | undefined): void;
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

/** A filter's choices from its values and their labels, in the values' order. */
export const labelledOptions = <TValue extends string>(
  values: readonly TValue[],
  labels: Readonly<Record<TValue, ReactNode>>,
) => values.map((value) => ({ value, label: labels[value] }));

/**
 * The choices of a filter that the server lists (users, roles): a spinner while they load, and the
 * failure said in the open select.
 */
export const loadedOptions = <TOption,>(
  query: { isLoading: boolean; isError: boolean },
  failure: string,
  options: TOption[],
) => ({ loading: query.isLoading, notFoundContent: query.isError ? failure : undefined, options });

/**
 * One filter of a list page as data, for `ListFilterSelects`: `by` completes its label for a screen
 * reader ("Filter by status"), which every list's filters share.
 */
export type TListFilter<TFilters> = {
  [K in keyof TFilters]-?: {
    name: K;
    by: string;
    placeholder: string;
    width: number;
    options: { value: NonNullable<TFilters[K]> & string; label: ReactNode }[];
    isSearchable?: boolean;
  } & Pick<SelectProps, 'loading' | 'notFoundContent'>;
}[keyof TFilters];

/** A list page's filter selects, one line of data each, in the order given. */
export const ListFilterSelects = <TFilters,>({
  list,
  filters,
}: {
  list: TFilterState<TFilters>;
  filters: TListFilter<TFilters>[];
}) =>
  filters.map(({ name, by, ...filter }) => (
    <ListFilterSelect key={String(name)} list={list} name={name} label={`Filter by ${by}`} {...filter} />
  ));
