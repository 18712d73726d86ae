import {
  type TTemplate,
  type TTemplateContent,
  type TTemplatePurpose,
  templatePurposeLabels,
  templatePurposes,
  ZTemplateCreate,
} from '@cargodesk/shared';
import { Alert, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { useCreateTemplate, useSaveTemplateVersion } from '../api/templates.ts';
import { templateLanguageOptions } from '../template-languages.ts';

type TSaveValues = {
  mode: 'version' | 'new';
  name: string;
  purpose: TTemplatePurpose;
  language: string;
  isLanguageVariant: boolean;
};

/**
 * The save-template modal: the editor's text becomes the template's next version, or a new template
 * with its own name, purpose and language (a language of this one, if the writer says so).
 */
export const SaveTemplateModal = ({
  isOpen,
  template,
  content,
  onClose,
  onSaved,
}: {
  isOpen: boolean;
  template: TTemplate;
  content: TTemplateContent;
  onClose: () => void;
  onSaved: (saved: TTemplate, mode: TSaveValues['mode']) => void;
}) => {
  const [form] = Form.useForm<TSaveValues>();
  const mode = Form.useWatch('mode', form);
  const saveVersion = useSaveTemplateVersion();
  const create = useCreateTemplate();
  const pending = saveVersion.isPending || create.isPending;
  const failure = mode === 'new' ? create.error : saveVersion.error;

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled afresh each time it opens.
  useEffect(() => {
    if (!isOpen) return;
    saveVersion.reset();
    create.reset();
    form.setFieldsValue({
      mode: 'version',
      name: `${template.name} (copy)`,
      purpose: template.purpose,
      language: template.language,
      isLanguageVariant: false,
    });
  }, [isOpen]);

  const submit = async (values: TSaveValues) => {
    if (values.mode === 'version') {
      const saved = await saveVersion.mutateAsync({ id: template._id, content });
      onSaved(saved, 'version');
      return;
    }
    const saved = await create.mutateAsync({
      ...content,
      type: template.type,
      name: values.name,
      purpose: values.purpose,
      language: values.language,
      ...(values.isLanguageVariant ? { familyId: template.familyId } : {}),
    });
    onSaved(saved, 'new');
  };

  const nextNumber = (template.versionNumber ?? 0) + 1;
  return (
    <Modal
      open={isOpen}
      title="Save template"
      okText={mode === 'new' ? 'Create template' : `Save version ${nextNumber}`}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TSaveValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item name="mode" label="Save as">
          <Radio.Group
            options={[
              { value: 'version', label: `Version ${nextNumber} of ${template.name}` },
              { value: 'new', label: 'A new template' },
            ]}
          />
        </Form.Item>
        {mode === 'new' && (
          <>
            <Form.Item
              name="name"
              label="Name"
              rules={[zodRule(ZTemplateCreate.shape.name, { label: 'Name' })]}
            >
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="purpose" label="Purpose">
              <Select
                options={templatePurposes.map((value) => ({ value, label: templatePurposeLabels[value] }))}
              />
            </Form.Item>
            <Form.Item
              name="language"
              label="Language"
              rules={[zodRule(ZTemplateCreate.shape.language, { label: 'Language' })]}
            >
              <Select showSearch options={templateLanguageOptions} />
            </Form.Item>
            <Form.Item name="isLanguageVariant" valuePropName="checked">
              <Checkbox>Another language of {template.name}, chosen by the recipient’s language</Checkbox>
            </Form.Item>
          </>
        )}
        {failure ? <Alert type="error" showIcon title={toErrorMessage(failure)} /> : null}
      </Form>
    </Modal>
  );
};
