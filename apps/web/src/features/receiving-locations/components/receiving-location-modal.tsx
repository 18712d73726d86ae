import { type TReceivingLocation, ZReceivingLocationInput } from '@cargodesk/shared';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { ApiError, toErrorMessage } from '../../../lib/api-client.ts';
import { useCountryOptions } from '../../../lib/country-options.ts';
import { zodRule } from '../../../lib/forms/zod-rule.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateReceivingLocation, useUpdateReceivingLocation } from '../api/receiving-locations.ts';

type TLocationValues = {
  code: string;
  name: string;
  address?: string;
  city?: string;
  countryCode: string;
  locode?: string;
  isActive: boolean;
};

// The server's own checks of POST /receivinglocation, in the words the form shows.
const fields = ZReceivingLocationInput.shape;
const codeRule = zodRule(fields.code, { label: 'The code', requiredMessage: 'Please enter the code.' });
const nameRule = zodRule(fields.name, { label: 'The name', requiredMessage: 'Please enter the name.' });
const addressRule = zodRule(fields.address, { label: 'The address' });
const cityRule = zodRule(fields.city, { label: 'The city' });
const countryRule = zodRule(fields.countryCode, { requiredMessage: 'Please choose the country.' });
const locodeSchemaRule = zodRule(fields.locode, { label: 'The UN/LOCODE' });
// Empty means none: only a code that was typed is checked.
const locodeRule: RuleObject = {
  validator: async (rule, value: string | undefined) => {
    if (value?.trim()) await locodeSchemaRule.validator?.(rule, value.trim(), () => undefined);
  },
};

const upper = (value?: string) => value?.toUpperCase();

/** Adds a receiving location, or, given one, edits it. */
export const ReceivingLocationModal = ({
  entry,
  onClose,
}: {
  entry?: TReceivingLocation | undefined;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<TLocationValues>();
  const create = useCreateReceivingLocation();
  const update = useUpdateReceivingLocation();
  const [failure, setFailure] = useState<string>();
  const { options: countryOptions } = useCountryOptions();

  const onSubmit = async (values: TLocationValues) => {
    setFailure(undefined);
    const input = {
      code: values.code.trim(),
      name: values.name.trim(),
      address: values.address?.trim() ?? '',
      city: values.city?.trim() ?? '',
      countryCode: values.countryCode,
      locode: values.locode?.trim() ? values.locode.trim() : null,
      isActive: values.isActive,
    };
    try {
      const saved = entry
        ? await update.mutateAsync({ id: entry._id, changes: input })
        : await create.mutateAsync(input);
      notifySuccess(`Receiving location ${saved.name} (${saved.code}) ${entry ? 'saved' : 'added'}`);
      onClose();
    } catch (error) {
      // A code already taken belongs beside the code.
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        form.setFields([{ name: 'code', errors: [error.message] }]);
        return;
      }
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      open
      title={entry ? `Edit ${entry.name}` : 'Add receiving location'}
      okText={entry ? 'Save' : 'Add'}
      // The OK button submits the form itself, so Enter in a field submits the dialog too.
      okButtonProps={{ htmlType: 'submit', form: 'receiving-location' }}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        id="receiving-location"
        name="receiving-location"
        layout="vertical"
        initialValues={
          entry
            ? {
                code: entry.code,
                name: entry.name,
                address: entry.address,
                city: entry.city,
                countryCode: entry.countryCode,
                locode: entry.locode ?? '',
                isActive: entry.isActive,
              }
            : { isActive: true }
        }
        onFinish={onSubmit}
        requiredMark="optional"
        // The form's rules check every field in our words; the browser's would stop the submit first.
        noValidate
      >
        <Form.Item
          name="code"
          label="Code"
          normalize={upper}
          extra="Your own short code, like WH-ROT: 2 to 20 letters, digits or dashes"
          rules={[codeRule]}
        >
          <Input autoComplete="off" autoFocus maxLength={20} />
        </Form.Item>
        <Form.Item name="name" label="Name" rules={[nameRule]}>
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item name="address" label="Address" rules={[addressRule]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} />
        </Form.Item>
        <Form.Item name="city" label="City" rules={[cityRule]}>
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item name="countryCode" label="Country" rules={[countryRule]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={countryOptions}
            placeholder="Search countries"
          />
        </Form.Item>
        <Form.Item
          name="locode"
          label="UN/LOCODE"
          normalize={upper}
          extra="The nearest port or place code, like NLRTM (optional)"
          rules={[locodeRule]}
        >
          <Input autoComplete="off" maxLength={5} />
        </Form.Item>
        <Form.Item
          name="isActive"
          label="Active"
          valuePropName="checked"
          extra="Inactive locations are kept but not offered for new shipments."
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
};
