import { Form, type FormInstance, Input, Modal, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError, toErrorMessage } from '@/lib/api-client.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifyFailure } from '@/lib/notify.ts';

// The role and the group editors are one stack for two things: a modal that loads the record, says
// why it could not, and then shows a form opening on its name and description.

const isNotFound = (error: Error) => error instanceof ApiError && error.status === 404;

/** The editor's modal: a skeleton while the record loads, the reason it could not, then the form. */
export const RecordModal = ({
  title,
  footer,
  width,
  form,
  isSaving,
  isLoading,
  skeletonRows,
  loadError,
  loadErrorTitle,
  onClose,
  children,
}: {
  title: string;
  footer: ReactNode;
  width?: number;
  form: FormInstance;
  isSaving: boolean;
  isLoading: boolean;
  skeletonRows: number;
  loadError: Error | null;
  /** What the failed load says, told whether the record is gone. */
  loadErrorTitle: (isGone: boolean) => string;
  onClose: () => void;
  /** The form, shown once nothing is loading or failed. */
  children: ReactNode;
}) => (
  <Modal
    open
    title={title}
    onCancel={onClose}
    afterOpenChange={focusFieldOnOpen(form, 'name')}
    footer={footer}
    width={width}
    destroyOnHidden
    maskClosable={!isSaving}
  >
    {isLoading && <Skeleton active paragraph={{ rows: skeletonRows }} />}
    {loadError && (
      <Result
        status={isNotFound(loadError) ? '404' : 'error'}
        title={loadErrorTitle(isNotFound(loadError))}
        subTitle={toErrorMessage(loadError)}
      />
    )}
    {!isLoading && !loadError && children}
  </Modal>
);

/** The name and description fields, held to the server's own limits for them. */
export const NameAndDescriptionFields = ({
  nameSchema,
  descriptionSchema,
}: {
  nameSchema: z.ZodString;
  descriptionSchema: z.ZodString;
}) => (
  <>
    <Form.Item label="Name" name="name" rules={[zodRule(nameSchema, { label: 'The name' })]}>
      <Input autoFocus maxLength={nameSchema.maxLength ?? undefined} />
    </Form.Item>
    <Form.Item
      label="Description"
      name="description"
      rules={[zodRule(descriptionSchema, { label: 'The description' })]}
    >
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 4 }}
        maxLength={descriptionSchema.maxLength ?? undefined}
      />
    </Form.Item>
  </>
);

/** A save that failed: a taken name belongs next to the name field (when it has one), anything else is a toast. */
export const showSaveFailure = (form: FormInstance, error: unknown, { isNameEditable = true } = {}) => {
  if (isNameEditable && error instanceof ApiError && error.code === 'CONFLICT') {
    form.setFields([{ name: 'name', errors: [error.message] }]);
    return;
  }
  notifyFailure(error);
};
