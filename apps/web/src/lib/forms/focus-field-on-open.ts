import type { FormInstance } from 'antd';

const isTypingInAField = (element: Element | null) =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/**
 * A dialog's `afterOpenChange` that puts the cursor in its first field. A field's `autoFocus` alone
 * is lost when antd opens a dialog without motion (for a user who asks for less): the field mounts
 * while the dialog is still hidden, and the dialog then gives focus to its close button. With motion
 * the `autoFocus` already did it, and a field the user has moved on to keeps the cursor.
 */
export const focusFieldOnOpen =
  (form: Pick<FormInstance, 'focusField'>, name: string) =>
  (open: boolean): void => {
    if (open && !isTypingInAField(document.activeElement)) form.focusField(name);
  };
