import type { TPermission } from '@cargodesk/shared';
import type { TableProps } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import type { TCsvColumn } from '@/lib/list/export-csv.ts';
import type { TCompanyListApi } from './company-list-api.ts';

/** What every row of a company list has: the dialog is titled by the name, the status column reads `isActive`. */
export type TCompanyListRow = { _id: string; name: string; isActive: boolean };

/** The dialog's values: the Active switch is the dialog's own, the other fields the definition's. */
export type TCompanyListValues = { isActive: boolean };

export type TCompanyListColumns<TRow> = NonNullable<TableProps<TRow>['columns']>;

/**
 * One company-level list screen (business types, receiving locations): what differs between them.
 * The screen's words are made from `noun`: the title ("Business types"), the Add button and dialog
 * ("Add business type"), the search, the empty and read-only texts, and the messages of a change.
 */
export type TCompanyListDefinition<
  TRow extends TCompanyListRow,
  TInput,
  TValues extends TCompanyListValues,
  TField extends string,
> = {
  /** What a row is, as in "1 business type" / "2 business types". */
  noun: { one: string; other: string };
  /** Reading opens the screen; writing adds the Add button, the row links, Edit and Delete. */
  permissions: { read: TPermission; write: TPermission };
  /** The line under the title for those who may change the list (the others see why they cannot). */
  intro: string;
  searchPlaceholder: string;
  /** Column keys the server sorts by. */
  sortFields: readonly TField[];
  api: TCompanyListApi<TRow, TInput>;
  /**
   * The table's columns (a hook: a column may format dates or name countries); `renderOpener` shows
   * a row's text as the link that opens it for editing, or as plain text to those who may not edit.
   * Edit and Delete are added after them.
   */
  useColumns: (renderOpener: (row: TRow, text: string) => ReactNode) => TCompanyListColumns<TRow>;
  exportColumns: readonly TCsvColumn<TRow>[];
  /** How a row is named on its buttons and in messages: "Hamburg depot (DEP-HAM)". */
  rowName: (row: TRow) => string;
  /** The name in "… deleted", where it is shorter than `rowName`. */
  deletedName?: (row: TRow) => string;
  form: {
    /** The dialog's form items above the Active switch, `name`d after the fields of `TValues`. */
    Fields: ComponentType;
    toValues: (row: TRow) => TValues;
    toInput: (values: TValues) => TInput;
    /** The field the dialog opens with the cursor in. */
    focusField: keyof TValues & string;
    /** The field a CONFLICT answer (a name or code already taken) is shown beside. */
    conflictField: keyof TValues & string;
    /** Under the Active switch: what an inactive row means for this list. */
    inactiveHint: string;
  };
};

/** "business type" → "Business type", for the start of a title or a message. */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
