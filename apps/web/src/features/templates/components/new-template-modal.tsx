import {
  type TTemplateCreate,
  type TTemplatePurpose,
  type TTemplateType,
  templatePurposeLabels,
  templatePurposes,
  ZTemplateCreate,
} from '@cargodesk/shared';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCreateTemplate } from '../api/templates.ts';
import { templateLanguageOptions } from '../template-languages.ts';

type TNewTemplateValues = { type: TTemplateType; name: string; purpose: TTemplatePurpose; language: string };

/** What a new template starts with: a greeting and a signature, or a page with a heading. */
const starterContent = ({ type, name }: TNewTemplateValues): Pick<TTemplateCreate, 'subject' | 'body'> =>
  type === 'email'
    ? {
        subject: `${name} from {{ company.name }}`,
        body: '<p>Dear {{ recipient.name }},</p><p></p><p>Kind regards,<br>{{ user.name }}<br>{{ company.name }}</p>',
      }
    : {
        body: [
          '<style>body { font-family: sans-serif; font-size: 11pt; } h1 { font-size: 18pt; }</style>',
          `<h1>${name.replace(/[<>&{}%]/g, '')}</h1>`,
          '<p>{{ company.name }} · {{ company.address }}</p>',
          '<p>{{ recipient.name }}<br>{{ recipient.company }}</p>',
          '<p>{{ today | local_date: "long" }}</p>',
        ].join('\n'),
      };

/** Creates a template from a starting text and opens it in the editor. */
export const NewTemplateModal = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<TNewTemplateValues>();
  const create = useCreateTemplate();
  const navigate = useNavigate();
  const focusName = focusFieldOnOpen(form, 'name');

  const submit = async (values: TNewTemplateValues) => {
    const created = await create.mutateAsync({ ...values, ...starterContent(values) });
    notifySuccess(`${created.name} created`);
    onClose();
    navigate(paths.settingsTemplateUpdate.href({ id: created._id, type: created.type }));
  };

  return (
    <Modal
      open={isOpen}
      title="New template"
      okText="Create and edit"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={(open) => {
        if (open) focusName(open);
        else create.reset();
      }}
      destroyOnHidden
    >
      <Form<TNewTemplateValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ type: 'email', purpose: 'other', language: 'en' }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item name="type" label="Type">
          <Radio.Group
            options={[
              { value: 'email', label: 'Email' },
              { value: 'document', label: 'Document (printed or sent as PDF)' },
            ]}
          />
        </Form.Item>
        <Form.Item name="name" label="Name" rules={[zodRule(ZTemplateCreate.shape.name, { label: 'Name' })]}>
          <Input maxLength={120} autoFocus />
        </Form.Item>
        <Form.Item name="purpose" label="Purpose">
          <Select
            options={templatePurposes.map((value) => ({ value, label: templatePurposeLabels[value] }))}
          />
        </Form.Item>
        <Form.Item name="language" label="Language">
          <Select showSearch options={templateLanguageOptions} />
        </Form.Item>
        {create.error ? <Alert type="error" showIcon title={toErrorMessage(create.error)} /> : null}
      </Form>
    </Modal>
  );
};
