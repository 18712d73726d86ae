import { describe, expect, it } from 'vitest';
import {
  anyText,
  decodeListState,
  encodeListState,
  oneOf,
  type TListConfig,
  toListQuery,
} from './list-url.ts';

type TFilters = { status: 'active' | 'invited'; roleId: string };
const config: TListConfig<TFilters, 'name' | 'email'> = {
  filters: { status: oneOf(['active', 'invited'] as const), roleId: anyText },
  sortFields: ['name', 'email'],
  defaultPageSize: 20,
  maxPageSize: 100,
};
const decode = (query: string) => decodeListState(new URLSearchParams(query), config);

describe('decodeListState', () => {
  it('reads search, filters, sort, page and size from the query string', () => {
    expect(decode('q=+penny+&status=invited&roleId=r1&sort=-email&page=3&pageSize=50')).toEqual({
      q: 'penny',
      filters: { status: 'invited', roleId: 'r1' },
      sort: { field: 'email', order: 'descend' },
      page: 3,
      pageSize: 50,
    });
  });

  it('falls back to the defaults for anything missing, unknown or malformed', () => {
    expect(decode('status=deleted&roleId=+&sort=password&page=-2&pageSize=1000&other=1')).toEqual({
      q: '',
      filters: {},
      sort: undefined,
      page: 1,
      pageSize: 100,
    });
    expect(decode('page=abc&pageSize=2.5')).toMatchObject({ page: 1, pageSize: 20 });
  });
});

describe('encodeListState', () => {
  it('writes only what differs from the defaults and keeps parameters it does not own', () => {
    const params = encodeListState(
      {
        q: 'oslo',
        filters: { status: 'active', roleId: undefined },
        sort: { field: 'name', order: 'ascend' },
        page: 2,
        pageSize: 20,
      },
      config,
      new URLSearchParams('tab=2&page=7&roleId=old'),
    );
    expect(params.toString()).toBe('tab=2&q=oslo&status=active&sort=name&page=2');
    expect(encodeListState(decode(''), config).toString()).toBe('');
  });

  it('round-trips through the URL', () => {
    const query = 'q=a+b%26c&status=invited&sort=-name&page=4&pageSize=50';
    expect(encodeListState(decode(query), config).toString()).toBe(query);
  });
});

describe('toListQuery', () => {
  it('gives the API the state with empty parts left out', () => {
    expect(toListQuery(decode('sort=-email'))).toEqual({ page: 1, pageSize: 20, sort: '-email' });
    expect(toListQuery(decode('q=x&roleId=r1&page=2'))).toEqual({
      page: 2,
      pageSize: 20,
      q: 'x',
      roleId: 'r1',
    });
  });
});
