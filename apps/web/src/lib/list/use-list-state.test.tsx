import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anyText } from './list-url.ts';
import { useListState } from './use-list-state.ts';

type TFilters = { from?: string; to?: string; ip?: string };

const renderList = () =>
  renderHook(
    () => ({
      list: useListState<TFilters, 'code' | 'name'>({
        filters: { from: anyText, to: anyText, ip: anyText },
        sortFields: ['code', 'name'],
      }),
      location: useLocation(),
    }),
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={['/settings/audit?ip=10.0.0.1&page=3']}>{children}</MemoryRouter>
      ),
    },
  );

describe('useListState', () => {
  it('keeps both of two filters set one after the other before the list renders again', () => {
    const { result } = renderList();
    // One render's functions, as two date fields filled quickly call them.
    const { list } = result.current;
    act(() => {
      list.setFilter('from', '2026-11-27');
      list.setFilters({ to: '2026-11-28' });
    });
    expect(result.current.list.filters).toEqual({ ip: '10.0.0.1', from: '2026-11-27', to: '2026-11-28' });
    expect(result.current.list.page).toBe(1);
    expect(new URLSearchParams(result.current.location.search).get('from')).toBe('2026-11-27');
  });

  it('clears a filter set to nothing and keeps the rest', () => {
    const { result } = renderList();
    act(() => result.current.list.setFilter('ip', undefined));
    act(() => result.current.list.setFilters({ from: '2026-11-01' }));
    expect(result.current.list.filters).toEqual({ from: '2026-11-01' });
  });

  it('turns a column’s order round on a second click made before the first has rendered', () => {
    const { result } = renderList();
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.list.sort).toEqual({ field: 'name', order: 'ascend' });
    // One render's functions, as two quick clicks on the Code header call them.
    const { list } = result.current;
    act(() => {
      list.toggleSort('code');
      list.toggleSort('code');
    });
    expect(result.current.list.sort).toEqual({ field: 'code', order: 'descend' });
    expect(new URLSearchParams(result.current.location.search).get('sort')).toBe('-code');
    act(() => result.current.list.toggleSort('code'));
    expect(result.current.list.sort).toBeUndefined();
    expect(result.current.list.page).toBe(1);
  });

  it('counts the filters set for a phone’s Filters button, clears them all and keeps the search', () => {
    const { result } = renderList();
    act(() => result.current.list.setFilters({ from: '2026-11-01', to: '2026-11-02' }));
    expect(result.current.list.filterCount).toBe(3);
    act(() => result.current.list.setSort({ field: 'name', order: 'descend' }));
    act(() => result.current.list.clearFilters());
    expect(result.current.list.filterCount).toBe(0);
    expect(result.current.list.filters).toEqual({});
    expect(result.current.location.search).toBe('?sort=-name');
  });
});
