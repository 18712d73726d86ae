import { Form, type FormInstance, Modal, Typography } from 'antd';
import { useEffect, useId, useLayoutEffect } from 'react';
import { useBlocker } from 'react-router';

// A settings form whose values differ from what was saved: it says so beside its Save button, and
// nothing throws the changes away without asking: not a link inside the app, not closing or
// reloading the tab. An image chosen for an avatar or a logo counts like any other field.

/** Empty text, null and a missing value all mean "nothing": a field left empty is not a change. */
const normalise = (value: unknown) =>
  value === undefined || value === null || value === '' ? null : JSON.stringify(value);

/**
 * Whether the form's values differ from `saved` in any field that `saved` has. A field the form does
 * not hold yet is no change: right after the saved values arrive, the watched values can still be
 * those of a form whose fields are not mounted, and a link followed in that moment was held back by
 * a "Leave without saving?" nobody had earned.
 */
export const useIsFormChanged = <T extends object>(form: FormInstance<T>, saved: T | undefined) => {
  const values = Form.useWatch([], { form, preserve: true }) as Partial<T> | undefined;
  if (!values || !saved) return false;
  return (Object.keys(saved) as (keyof T)[]).some(
    (key) => key in values && normalise(values[key]) !== normalise(saved[key]),
  );
};

/** "Not saved yet", for beside the Save button of a changed form. */
export const UnsavedMark = ({ isChanged }: { isChanged: boolean }) =>
  isChanged ? (
    // antd's warning yellow is too light to read on white: the darker gold keeps 4.5:1.
    <Typography.Text role="status" style={{ color: '#874d00' }}>
      Not saved yet
    </Typography.Text>
  ) : null;

// Every changed form of the page registers here, and one prompt, mounted once by the signed-in
// layout, asks for them all: React Router honours a single blocker at a time, so a page with two
// forms (the company's and its single sign-on's) would otherwise guard only one of them.
const changedForms = new Set<string>();
const hasUnsavedChanges = () => changedForms.size > 0;
const setFormChanged = (id: string, isChanged: boolean) => {
  if (isChanged) changedForms.add(id);
  else changedForms.delete(id);
};

/**
 * Counts a form's changes in the question asked before leaving the page, while `isChanged`. Counted
 * before the browser paints: once "Not saved yet" shows, closing the tab already asks.
 */
export const UnsavedChangesGuard = ({ isChanged }: { isChanged: boolean }) => {
  const id = useId();
  useLayoutEffect(() => {
    setFormChanged(id, isChanged);
    return () => setFormChanged(id, false);
  }, [id, isChanged]);
  return null;
};

/**
 * Asks before the app leaves a page with changes not saved, and lets the browser ask before the tab
 * closes. Mounted once, by the signed-in layout.
 */
export const LeaveWithoutSavingPrompt = () => {
  // The listener asks the forms when the tab closes, not when this component last rendered: a change
  // made a moment before closing is guarded as soon as its form counted it.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (hasUnsavedChanges()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  // Another page only: a query string opening the mail or a drawer leaves the form where it is.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      okText="Leave"
      okButtonProps={{ danger: true }}
      cancelText="Stay"
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>Your changes on this page are not saved. If you leave, they are lost.</p>
    </Modal>
  );
};
