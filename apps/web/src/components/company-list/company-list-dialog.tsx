import { Alert, Form, Modal, Switch } from 'antd';
import { useState } from 'react';
import { ApiError, toErrorMessage } from '@/lib/api-client.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  capitalise,
  type TCompanyListDefinition,
  type TCompanyListRow,
  type TCompanyListValues,
} from './company-list-definition.ts';

/** Adds a row to a company list, or, given one, edits it. */
export const CompanyListDialog = <
  TRow extends TCompanyListRow,
  TInput,
  TValues extends TCompanyListValues,
  TField extends string,
>({
  definition: { noun, api, rowName, form: fields },
  entry,
  onClose,
}: {
  definition: TCompanyListDefinition<TRow, TInput, TValues, TField>;
  /** The row to edit; none adds a new one. */
  entry?: TRow | undefined;
  onClose: () => void;
}) => {
  // Untyped: the field named in a CONFLICT is only known to be one of the definition's.
  const [form] = Form.useForm();
  const create = api.useCreate();
  const update = api.useUpdate();
  const [failure, setFailure] = useState<string>();
  const formId = noun.one.replaceAll(' ', '-');

  const onSubmit = async (values: TValues) => {
    setFailure(undefined);
    const input = fields.toInput(values);
    try {
      const saved = entry
        ? await update.mutateAsync({ id: entry._id, changes: input })
        : await create.mutateAsync(input);
      notifySuccess(`${capitalise(noun.one)} ${rowName(saved)} ${entry ? 'saved' : 'added'}`);
      onClose();
    } catch (error) {
      // A name or code already taken belongs beside that field.
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        form.setFields([{ name: fields.conflictField, errors: [error.message] }]);
        return;
      }
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      open
      title={entry ? `Edit ${entry.name}` : `Add ${noun.one}`}
      okText={entry ? 'Save' : 'Add'}
      // The OK button submits the form itself, so Enter in a field submits the dialog too.
      okButtonProps={{ htmlType: 'submit', form: formId }}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      afterOpenChange={focusFieldOnOpen(form, fields.focusField)}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        id={formId}
        name={formId}
        layout="vertical"
        initialValues={entry ? fields.toValues(entry) : { isActive: true }}
        onFinish={onSubmit}
        requiredMark="optional"
        // The form's rules check every field in our words; the browser's would stop the submit first.
        noValidate
      >
        <fields.Fields />
        <Form.Item name="isActive" label="Active" valuePropName="checked" extra={fields.inactiveHint}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
};
