import { type TBusinessType, type TBusinessTypeInput, ZBusinessTypeInput } from '@cargodesk/shared';
import { Form, Input } from 'antd';
import { zodRule } from '@/lib/forms/zod-rule.ts';

type TBusinessTypeValues = { name: string; description?: string; isActive: boolean };

// The server's own checks of POST /type, in the words the form shows.
const fields = ZBusinessTypeInput.shape;
const nameRule = zodRule(fields.name, { label: 'The name', requiredMessage: 'Please enter the name.' });
const descriptionRule = zodRule(fields.description, { label: 'The description' });

/** The business type dialog's fields above its Active switch. */
export const BusinessTypeFields = () => (
  <>
    <Form.Item name="name" label="Name" rules={[nameRule]}>
      <Input autoComplete="off" autoFocus maxLength={80} />
    </Form.Item>
    <Form.Item name="description" label="Description" rules={[descriptionRule]}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={300} showCount />
    </Form.Item>
  </>
);

export const toBusinessTypeValues = (entry: TBusinessType): TBusinessTypeValues => ({
  name: entry.name,
  description: entry.description,
  isActive: entry.isActive,
});

export const toBusinessTypeInput = (values: TBusinessTypeValues): TBusinessTypeInput => ({
  name: values.name.trim(),
  description: values.description?.trim() ?? '',
  isActive: values.isActive,
});
