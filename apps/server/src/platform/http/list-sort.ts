import { AppError } from './errors.ts';

export const unknownSortMessage = (fields: string[]) =>
  `can sort by ${fields.join(', ')}, with a leading - for descending order`;

/**
 * Reads a list's `sort` query (`field` or `-field`) against the fields the list can sort by. Only
 * the table's own keys count: `sort=constructor` or `sort=__proto__` would otherwise find
 * Object.prototype's members and fail as a 500 instead of a 400.
 */
export const readSort = <TField extends string, TValue>(
  sort: string | undefined,
  sortable: Record<TField, TValue>,
): { field: TField; by: TValue; isDescending: boolean } | undefined => {
  if (!sort) return undefined;
  const isDescending = sort.startsWith('-');
  const field = isDescending ? sort.slice(1) : sort;
  if (!Object.hasOwn(sortable, field)) {
    const message = unknownSortMessage(Object.keys(sortable));
    throw new AppError('VALIDATION_FAILED', `Invalid querystring: sort ${message}`, {
      fields: [{ field: 'sort', message }],
    });
  }
  return { field: field as TField, by: sortable[field as TField], isDescending };
};
