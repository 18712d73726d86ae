import type { TListMeta } from '@cargodesk/shared';
import { formatNumber } from '../format/format-store.ts';

/**
 * A list's total as people read it, with the user's separators: "1,234", or "10,000+" when the server stopped counting at its
 * cap (`totalIsCapped`, docs/architecture.md list kit).
 */
export const formatListTotal = ({ total, totalIsCapped }: Pick<TListMeta, 'total' | 'totalIsCapped'>) =>
  `${formatNumber(total)}${totalIsCapped ? '+' : ''}`;
