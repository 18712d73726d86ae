import { constants } from '@cargodesk/shared';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  decodeListState,
  encodeListState,
  type TFilterReaders,
  type TListConfig,
  type TListSort,
  type TListState,
  toListQuery,
} from './list-url.ts';
import { useDebounced } from './use-debounced.ts';

const searchDelayMs = 300;

export type TUseListStateOptions<TFilters, TField extends string> = {
  filters: TFilterReaders<TFilters>;
  sortFields: readonly TField[];
  defaultPageSize?: number;
  /**
   * Where the state lives: the URL for a screen of its own; `local` for a list inside a modal or
   * drawer that opens over any page, whose URL says nothing about it.
   */
  storage?: 'url' | 'local';
};

type TParamsStore = readonly [
  URLSearchParams,
  (next: URLSearchParams, options: { replace: boolean }) => void,
];

/** The query string the list reads and writes: the URL's, or one of its own. */
const useParamsStore = (storage: 'url' | 'local'): TParamsStore => {
  const [urlParams, setUrlParams] = useSearchParams();
  const [localParams, setLocalParams] = useState(() => new URLSearchParams());
  const setParams = useCallback(
    (next: URLSearchParams, options: { replace: boolean }) =>
      storage === 'url' ? setUrlParams(next, options) : setLocalParams(next),
    [storage, setUrlParams],
  );
  return [storage === 'url' ? urlParams : localParams, setParams];
};

/**
 * Search, filters, sort and page of a list screen, kept in the URL query string. The search box's
 * text is local and reaches the URL (and so the query) once typing pauses; a new search, filter or
 * sort starts again on the first page.
 */
export const useListState = <TFilters, TField extends string>({
  filters,
  sortFields,
  defaultPageSize = 20,
  storage = 'url',
}: TUseListStateOptions<TFilters, TField>) => {
  const [params, setParams] = useParamsStore(storage);
  // The readers are usually written inline: keep the first ones rather than re-decode every render.
  const config = useRef<TListConfig<TFilters, TField>>({
    filters,
    sortFields,
    defaultPageSize,
    maxPageSize: constants.listMaxPageSize,
  }).current;
  const state = useMemo(() => decodeListState(params, config), [params, config]);

  // The URL as this hook last wrote it: the router renders a navigation in a transition, so two
  // changes in quick succession (a filter picked while the search settles) would otherwise both
  // start from the same old URL and the second would undo the first. A URL changed from outside
  // (back, a link) is taken once it is committed: React may render a transition and then drop that
  // render for a more urgent one that still shows the old URL, so a render proves nothing.
  // Our own writes that have not been committed yet, oldest first: one committing is no news.
  const latest = useRef(params);
  const unsettledWrites = useRef<string[]>([]);
  useLayoutEffect(() => {
    const committed = params.toString();
    const ownWrite = unsettledWrites.current.indexOf(committed);
    if (ownWrite === -1) {
      latest.current = params;
      unsettledWrites.current = [];
    } else {
      unsettledWrites.current = unsettledWrites.current.slice(ownWrite + 1);
    }
  }, [params]);
  const write = useCallback(
    (patch: Partial<TListState<TFilters, TField>>, { replace = false } = {}) => {
      const next = encodeListState(
        { ...decodeListState(latest.current, config), ...patch },
        config,
        latest.current,
      );
      latest.current = next;
      unsettledWrites.current.push(next.toString());
      setParams(next, { replace });
    },
    [setParams, config],
  );

  /**
   * Changes the named filters and keeps the others as the URL last written holds them, not as this
   * render shows them: a second filter set before the first has rendered must not drop it.
   */
  const writeFilters = (patch: Partial<TFilters>) =>
    write({ filters: { ...decodeListState(latest.current, config).filters, ...patch }, page: 1 });

  const [searchText, setSearchText] = useState(state.q);
  const debouncedSearch = useDebounced(searchText.trim(), searchDelayMs);
  const urlSearch = useRef(state.q);
  urlSearch.current = state.q;
  // Typing replaces the history entry rather than adding one per pause.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search writes the URL.
  useEffect(() => {
    if (debouncedSearch !== urlSearch.current) write({ q: debouncedSearch, page: 1 }, { replace: true });
  }, [debouncedSearch]);
  // Back/forward (or a link) changed the search: the box shows it. A change this hook wrote
  // itself equals the settled text, so what the user is still typing is never overwritten.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the URL's search counts.
  useEffect(() => {
    if (state.q !== debouncedSearch) setSearchText(state.q);
  }, [state.q]);

  return {
    ...state,
    /** What the API is asked for: page, size, search, filters and sort, empty parts left out. */
    query: toListQuery(state),
    isFiltered: Boolean(state.q) || Object.keys(state.filters).length > 0,
    /** How many filters are set (the search aside): a phone's Filters button shows it. */
    filterCount: Object.keys(state.filters).length,
    searchText,
    setSearchText,
    setFilter: <K extends keyof TFilters>(key: K, value: TFilters[K] | undefined) =>
      writeFilters({ [key]: value } as Partial<TFilters>),
    /** Every filter cleared at once; the search stays. */
    clearFilters: () => write({ filters: {}, page: 1 }),
    /** Several filters in one change (a choice that resets another), so neither undoes the other. */
    setFilters: (patch: Partial<TFilters>) => writeFilters(patch),
    /**
     * A click on a column's header: ascending, then descending, then unsorted, counted from the sort
     * last asked for rather than the one on screen, so a second click before the first has
     * rendered still turns the order round.
     */
    toggleSort: (field: TField) => {
      const current = decodeListState(latest.current, config).sort;
      const order = current?.field !== field ? 'ascend' : current.order === 'ascend' ? 'descend' : undefined;
      write({ sort: order ? { field, order } : undefined, page: 1 });
    },
    /** A sort chosen by name (a phone's sort picker), or none for the server's own order. */
    setSort: (sort: TListSort<TField> | undefined) => write({ sort, page: 1 }),
    /** Search, filters and sort all replaced by a saved query's (as the URL would carry them), at page 1. */
    applyQuery: (query: Record<string, string>) => {
      const next = decodeListState(new URLSearchParams(query), config);
      setSearchText(next.q);
      write({ q: next.q, filters: next.filters, sort: next.sort, page: 1 });
    },
    setPage: (page: number, pageSize = state.pageSize) =>
      write(pageSize === state.pageSize ? { page } : { page: 1, pageSize }),
  };
};

export type TListStateResult<TFilters, TField extends string> = ReturnType<
  typeof useListState<TFilters, TField>
>;
