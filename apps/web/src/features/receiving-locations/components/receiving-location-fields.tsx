import {
  type TReceivingLocation,
  type TReceivingLocationInput,
  ZReceivingLocationInput,
} from '@cargodesk/shared';
import { Form, Input, Select } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useCountryOptions } from '@/lib/country-options.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';

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

/** The receiving location dialog's fields above its Active switch. */
export const ReceivingLocationFields = () => {
  const { options: countryOptions } = useCountryOptions();
  return (
    <>
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
    </>
  );
};

export const toReceivingLocationValues = (entry: TReceivingLocation): TLocationValues => ({
  code: entry.code,
  name: entry.name,
  address: entry.address,
  city: entry.city,
  countryCode: entry.countryCode,
  locode: entry.locode ?? '',
  isActive: entry.isActive,
});

export const toReceivingLocationInput = (values: TLocationValues): TReceivingLocationInput => ({
  code: values.code.trim(),
  name: values.name.trim(),
  address: values.address?.trim() ?? '',
  city: values.city?.trim() ?? '',
  countryCode: values.countryCode,
  locode: values.locode?.trim() ? values.locode.trim() : null,
  isActive: values.isActive,
});
