import { describe, expect, it } from 'vitest';
import { fetchAllPages, toCsvOf } from './export-csv.ts';

describe('fetchAllPages', () => {
  it('asks page after page at the largest size until every row of the query is in', async () => {
    const all = Array.from({ length: 230 }, (_, index) => index);
    const asked: number[] = [];
    const rows = await fetchAllPages(async ({ page, pageSize }) => {
      asked.push(page);
      expect(pageSize).toBe(100);
      return {
        data: all.slice((page - 1) * pageSize, page * pageSize),
        meta: { total: all.length, page, pageSize },
      };
    });
    expect(rows).toEqual(all);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at an empty page when rows vanish while it runs', async () => {
    const rows = await fetchAllPages(async ({ page, pageSize }) => ({
      data: page === 1 ? ['a'] : [],
      meta: { total: 5, page, pageSize },
    }));
    expect(rows).toEqual(['a']);
  });
});

describe('toCsvOf', () => {
  it('writes the columns’ titles and values', () => {
    const columns = [
      { title: 'Name', value: (row: { name: string }) => row.name },
      { title: 'Length', value: (row: { name: string }) => row.name.length },
    ];
    expect(toCsvOf(columns, [{ name: '=1+1' }])).toBe("Name,Length\r\n'=1+1,4\r\n");
  });
});
