// A list screen's state as it sits in the URL query string, so a reload, back/forward and a shared
// link show the same search, filters, sort and page. Pure functions: tested in node.

export type TSortOrder = 'ascend' | 'descend';
export type TListSort<TField extends string> = { field: TField; order: TSortOrder };

/** Each filter's reader: the URL text to a value the screen accepts, or undefined for "not set". */
export type TFilterReaders<TFilters> = { [K in keyof TFilters]: (raw: string) => TFilters[K] | undefined };

export type TListConfig<TFilters, TField extends string> = {
  filters: TFilterReaders<TFilters>;
  sortFields: readonly TField[];
  defaultPageSize: number;
  maxPageSize: number;
};

export type TListState<TFilters, TField extends string> = {
  q: string;
  filters: Partial<TFilters>;
  sort: TListSort<TField> | undefined;
  page: number;
  pageSize: number;
};

const reservedKeys = ['q', 'sort', 'page', 'pageSize'] as const;

/** A filter that takes one of a fixed set of values. */
export const oneOf =
  <TValue extends string>(values: readonly TValue[]) =>
  (raw: string): TValue | undefined =>
    (values as readonly string[]).includes(raw) ? (raw as TValue) : undefined;

/** A filter that takes any non-empty text (an id; the server validates it). */
export const anyText = (raw: string): string | undefined => raw.trim() || undefined;

/** The server's `field` / `-field` sort parameter. */
export const toSortParam = <TField extends string>(sort: TListSort<TField> | undefined) =>
  sort ? `${sort.order === 'descend' ? '-' : ''}${sort.field}` : undefined;

const readPositiveInt = (raw: string | null, fallback: number, max: number) => {
  const value = Number(raw);
  return raw !== null && Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
};

/** The state a URL describes; anything unknown or malformed falls back to the default. */
export const decodeListState = <TFilters, TField extends string>(
  params: URLSearchParams,
  config: TListConfig<TFilters, TField>,
): TListState<TFilters, TField> => {
  const filters: Partial<TFilters> = {};
  for (const key of Object.keys(config.filters) as (keyof TFilters & string)[]) {
    const raw = params.get(key);
    const value = raw === null ? undefined : config.filters[key](raw);
    if (value !== undefined) filters[key] = value;
  }
  const rawSort = params.get('sort') ?? '';
  const field = rawSort.replace(/^-/, '');
  const sort = (config.sortFields as readonly string[]).includes(field)
    ? { field: field as TField, order: rawSort.startsWith('-') ? ('descend' as const) : ('ascend' as const) }
    : undefined;
  return {
    q: (params.get('q') ?? '').trim(),
    filters,
    sort,
    page: readPositiveInt(params.get('page'), 1, Number.MAX_SAFE_INTEGER),
    pageSize: readPositiveInt(params.get('pageSize'), config.defaultPageSize, config.maxPageSize),
  };
};

/**
 * The URL query for a state: defaults are left out so a plain list keeps a plain URL, and
 * parameters the list does not own are kept as they were.
 */
export const encodeListState = <TFilters, TField extends string>(
  state: TListState<TFilters, TField>,
  config: TListConfig<TFilters, TField>,
  previous: URLSearchParams = new URLSearchParams(),
): URLSearchParams => {
  const params = new URLSearchParams(previous);
  for (const key of [...reservedKeys, ...Object.keys(config.filters)]) params.delete(key);
  if (state.q) params.set('q', state.q);
  for (const [key, value] of Object.entries(state.filters)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const sort = toSortParam(state.sort);
  if (sort) params.set('sort', sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== config.defaultPageSize) params.set('pageSize', String(state.pageSize));
  return params;
};

/** The API query of a state, with empty parts left out. */
export const toListQuery = <TFilters, TField extends string>(state: TListState<TFilters, TField>) => ({
  page: state.page,
  pageSize: state.pageSize,
  ...(state.q ? { q: state.q } : {}),
  ...state.filters,
  ...(state.sort ? { sort: toSortParam(state.sort) } : {}),
});
