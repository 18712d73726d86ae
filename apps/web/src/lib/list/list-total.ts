import type { TListMeta } from '@cargodesk/shared';

/**
 * A list's total as people read it: "1,234", or "10,000+" when the server stopped counting at its
 * cap (`totalIsCapped`, docs/architecture.md list kit).
 */
export const formatListTotal = ({ total, totalIsCapped }: Pick<TListMeta, 'total' | 'totalIsCapped'>) =>
  `${total.toLocaleString()}${totalIsCapped ? '+' : ''}`;
