import { Checkbox, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';

type TColumn<TRow> = NonNullable<TableProps<TRow>['columns']>[number];

/**
 * A row as the table would show it in one column: the column's value from `dataIndex` through its
 * `render`. antd lets a render return cell props with the content (`{ children, props }`); a card
 * wants the content.
 */
const cellOf = <TRow,>(column: TColumn<TRow>, row: TRow, index: number): ReactNode => {
  const path = 'dataIndex' in column ? column.dataIndex : undefined;
  const value =
    path === undefined
      ? undefined
      : ([] as (string | number)[])
          .concat(path as string | number | (string | number)[])
          .reduce<unknown>((at, step) => (at as Record<string | number, unknown> | undefined)?.[step], row);
  const rendered: unknown = 'render' in column && column.render ? column.render(value, row, index) : value;
  if (rendered !== null && typeof rendered === 'object' && 'children' in rendered && 'props' in rendered)
    return (rendered as { children: ReactNode }).children;
  return rendered as ReactNode;
};

const isBlank = (content: ReactNode) =>
  content === undefined || content === null || content === '' || content === false;

export type TListCardsProps<TRow> = {
  /** Names the list for a screen reader: the screen's title. */
  label: string;
  rows: readonly TRow[];
  rowKey: (row: TRow) => Key;
  columns: NonNullable<TableProps<TRow>['columns']>;
  /** The column whose content heads each card; the first column unless named. */
  titleKey?: string;
  /** A click anywhere on a card opens its record (the actions stop their own clicks: `RowActions`). */
  onOpenRow?: (row: TRow) => void;
  selection?: {
    keys: readonly Key[];
    onToggle: (row: TRow, isPicked: boolean) => void;
    rowLabel: (row: TRow) => string;
    isSelectable?: (row: TRow) => boolean;
  };
};

/**
 * The rows of a list on a phone: each record a card with its title column heading it, its facts
 * as label and value, and its actions at the foot. A column the screen marked `responsive` (shown
 * only from some width up) is a secondary fact and stays off the card, as it stays off a narrow table.
 */
export const ListCards = <TRow,>({
  label,
  rows,
  rowKey,
  columns,
  titleKey,
  onOpenRow,
  selection,
}: TListCardsProps<TRow>) => {
  const shown = columns.filter((column) => !column.responsive);
  const titleIndex = Math.max(
    0,
    shown.findIndex((column) => column.key === titleKey),
  );
  const titleColumn = shown[titleIndex];
  // Columns before the title (a favourite star, a drag handle) are controls: they lead the head.
  const leadingColumns = shown.slice(0, titleIndex);
  const rest = shown.slice(titleIndex + 1);
  const actionsColumn = rest.find((column) => column.key === 'actions');
  const factColumns = rest.filter((column) => column !== actionsColumn);
  if (!titleColumn) return null;
  return (
    <ul className="list-cards" aria-label={label}>
      {rows.map((row, index) => {
        const key = rowKey(row);
        const actions = actionsColumn && cellOf(actionsColumn, row, index);
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the card's title link opens it by keyboard
          <li
            key={key}
            className={onOpenRow ? 'list-card list-card--opens' : 'list-card'}
            onClick={onOpenRow && (() => onOpenRow(row))}
          >
            <div className="list-card__head">
              {selection && (
                // biome-ignore lint/a11y/noStaticElementInteractions: only keeps a tick from opening the card
                // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox inside handles the keyboard
                <span onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={`Select ${selection.rowLabel(row)}`}
                    checked={selection.keys.includes(key)}
                    disabled={selection.isSelectable ? !selection.isSelectable(row) : false}
                    onChange={(event) => selection.onToggle(row, event.target.checked)}
                  />
                </span>
              )}
              {leadingColumns.map((column, columnIndex) => (
                <span key={String(column.key ?? columnIndex)}>{cellOf(column, row, index)}</span>
              ))}
              <div className="list-card__title">{cellOf(titleColumn, row, index)}</div>
            </div>
            <dl className="list-card__facts">
              {factColumns.map((column, columnIndex) => {
                const content = cellOf(column, row, index);
                if (isBlank(content)) return null;
                const title = typeof column.title === 'function' ? undefined : column.title;
                return (
                  <div key={String(column.key ?? columnIndex)} className="list-card__fact">
                    <dt>{title}</dt>
                    <dd>{content}</dd>
                  </div>
                );
              })}
            </dl>
            {!isBlank(actions) && <div className="list-card__actions">{actions}</div>}
          </li>
        );
      })}
    </ul>
  );
};
