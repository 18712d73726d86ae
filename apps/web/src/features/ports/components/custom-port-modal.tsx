import { type TPortEntry, type TPortKind, ZCustomPortCode, ZCustomPortInput } from '@cargodesk/shared';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { ApiError, toErrorMessage } from '@/lib/api-client.ts';
import { useCountryOptions } from '@/lib/country-options.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCreatePort, useUpdatePort } from '../api/ports.ts';

type TCustomPortValues = {
  code: string;
  name: string;
  city?: string;
  countryCode: string;
  latitude?: number | null;
  longitude?: number | null;
};

const kindLabel = { oceanport: 'ocean port', airport: 'airport' } as const;

// The server's own checks of POST /{port}; the texts for empty fields are the ones people know
// (e2e/ports.spec.ts reads the code's).
const fields = ZCustomPortInput.shape;
const codeRules = {
  oceanport: zodRule(ZCustomPortCode.oceanport, {
    label: 'The code',
    requiredMessage: 'Please enter the code.',
  }),
  airport: zodRule(ZCustomPortCode.airport, { label: 'The code', requiredMessage: 'Please enter the code.' }),
};
const nameRule = zodRule(fields.name, { label: 'The name', requiredMessage: 'Please enter the name.' });
const cityRule = zodRule(fields.city, { label: 'The city' });
const countryRule = zodRule(fields.countryCode, { requiredMessage: 'Please choose the country.' });
const latitudeRule = zodRule(fields.latitude, { label: 'Latitude' });
const longitudeRule = zodRule(fields.longitude, { label: 'Longitude' });

const valuesOf = (entry: TPortEntry): TCustomPortValues => ({
  code: entry.code,
  name: entry.name,
  city: entry.city,
  countryCode: entry.countryCode,
  latitude: entry.latitude,
  longitude: entry.longitude,
});

/**
 * Adds the company's own ocean port or airport beside the catalogue's, or, given one of those
 * entries, edits it. The code is the entry's key, so an edit keeps it.
 */
export const CustomPortModal = ({
  kind,
  isOpen,
  onClose,
  onAdded,
  entry,
}: {
  kind: TPortKind;
  isOpen: boolean;
  onClose: () => void;
  /** Told the new entry once it is added, so the list can show it whatever it was showing. */
  onAdded?: (added: TPortEntry) => void;
  entry?: TPortEntry | undefined;
}) => {
  const [form] = Form.useForm<TCustomPortValues>();
  const create = useCreatePort(kind);
  const update = useUpdatePort(kind);
  const isEditing = entry !== undefined;
  const [failure, setFailure] = useState<string>();
  const { options: countryOptions } = useCountryOptions();

  const onSubmit = async (values: TCustomPortValues) => {
    setFailure(undefined);
    const details = {
      name: values.name.trim(),
      city: values.city?.trim() ?? '',
      countryCode: values.countryCode,
      latitude: values.latitude ?? null,
      longitude: values.longitude ?? null,
    };
    try {
      if (entry) {
        const saved = await update.mutateAsync({ code: entry._id, input: details });
        notifySuccess(`${saved.name} (${saved.code}) saved`);
      } else {
        const added = await create.mutateAsync({ code: values.code.trim().toUpperCase(), ...details });
        notifySuccess(`${added.name} (${added.code}) added`);
        onAdded?.(added);
      }
      form.resetFields();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        form.setFields([{ name: 'code', errors: [error.message] }]);
        return;
      }
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      title={entry ? `Edit ${entry.code}` : `Add ${kindLabel[kind]}`}
      open={isOpen}
      okText={isEditing ? 'Save' : 'Add'}
      // The OK button submits the form itself, so Enter in any field submits the dialog too.
      okButtonProps={{ htmlType: 'submit', form: 'custom-port' }}
      confirmLoading={create.isPending || update.isPending}
      onCancel={() => {
        setFailure(undefined);
        onClose();
      }}
      afterOpenChange={focusFieldOnOpen(form, isEditing ? 'name' : 'code')}
      destroyOnHidden
    >
      <p>
        {isEditing
          ? 'Changes show for everyone in your company.'
          : 'Your own entry appears beside the catalogue for everyone in your company.'}
      </p>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="custom-port"
        layout="vertical"
        initialValues={entry && valuesOf(entry)}
        onFinish={onSubmit}
        requiredMark="optional"
        // The form's own rules check every field, in our words; the browser's would stop the submit first.
        noValidate
      >
        <Form.Item
          name="code"
          label="Code"
          normalize={(value?: string) => value?.toUpperCase()}
          extra={kind === 'airport' ? 'IATA (3 letters) or ICAO (4 characters)' : 'UN/LOCODE, like NLRTM'}
          rules={isEditing ? [] : [codeRules[kind]]}
        >
          <Input
            autoComplete="off"
            autoFocus={!isEditing}
            readOnly={isEditing}
            maxLength={fields.code.maxLength ?? undefined}
          />
        </Form.Item>
        <Form.Item name="name" label="Name" rules={[nameRule]}>
          <Input autoComplete="off" autoFocus={isEditing} />
        </Form.Item>
        <Form.Item name="city" label="City" rules={[cityRule]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="countryCode" label="Country" rules={[countryRule]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={countryOptions}
            placeholder="Search countries"
          />
        </Form.Item>
        <Form.Item name="latitude" label="Latitude" rules={[latitudeRule]}>
          <InputNumber style={{ width: '100%' }} step={0.0001} />
        </Form.Item>
        <Form.Item name="longitude" label="Longitude" rules={[longitudeRule]}>
          <InputNumber style={{ width: '100%' }} step={0.0001} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
