import { type TBusinessType, ZBusinessTypeInput } from '@cargodesk/shared';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { ApiError, toErrorMessage } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/forms/zod-rule.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateBusinessType, useUpdateBusinessType } from '../api/business-types.ts';

type TBusinessTypeValues = { name: string; description?: string; isActive: boolean };

// The server's own checks of POST /type, in the words the form shows.
const fields = ZBusinessTypeInput.shape;
const nameRule = zodRule(fields.name, { label: 'The name', requiredMessage: 'Please enter the name.' });
const descriptionRule = zodRule(fields.description, { label: 'The description' });

/** Adds a business type, or, given one, edits it. */
export const BusinessTypeModal = ({
  entry,
  onClose,
}: {
  /** The type to edit; none adds a new one. */
  entry?: TBusinessType | undefined;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<TBusinessTypeValues>();
  const create = useCreateBusinessType();
  const update = useUpdateBusinessType();
  const [failure, setFailure] = useState<string>();

  const onSubmit = async (values: TBusinessTypeValues) => {
    setFailure(undefined);
    const input = {
      name: values.name.trim(),
      description: values.description?.trim() ?? '',
      isActive: values.isActive,
    };
    try {
      const saved = entry
        ? await update.mutateAsync({ id: entry._id, changes: input })
        : await create.mutateAsync(input);
      notifySuccess(`Business type ${saved.name} ${entry ? 'saved' : 'added'}`);
      onClose();
    } catch (error) {
      // A name already taken belongs beside the name.
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        form.setFields([{ name: 'name', errors: [error.message] }]);
        return;
      }
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      open
      title={entry ? `Edit ${entry.name}` : 'Add business type'}
      okText={entry ? 'Save' : 'Add'}
      // The OK button submits the form itself, so Enter in a field submits the dialog too.
      okButtonProps={{ htmlType: 'submit', form: 'business-type' }}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        id="business-type"
        name="business-type"
        layout="vertical"
        initialValues={
          entry
            ? { name: entry.name, description: entry.description, isActive: entry.isActive }
            : { isActive: true }
        }
        onFinish={onSubmit}
        requiredMark="optional"
        // The form's rules check every field in our words; the browser's would stop the submit first.
        noValidate
      >
        <Form.Item name="name" label="Name" rules={[nameRule]}>
          <Input autoComplete="off" autoFocus maxLength={80} />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={[descriptionRule]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={300} showCount />
        </Form.Item>
        <Form.Item
          name="isActive"
          label="Active"
          valuePropName="checked"
          extra="Inactive types stay on the records that use them but are not offered for new ones."
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
};
