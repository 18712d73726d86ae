import type { TAdminCompany } from '@cargodesk/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useSetCompanyStatus } from '../api/companies.ts';

const wording = {
  suspend: {
    title: (name: string) => `Suspend ${name}`,
    intro:
      'Everyone in the company is signed out at once and cannot sign in until you reactivate it. Its admins are mailed the reason below.',
    okText: 'Suspend company',
    done: (name: string) => `${name} was suspended; its admins were mailed`,
  },
  reactivate: {
    title: (name: string) => `Reactivate ${name}`,
    intro: 'Its users can sign in again at once. Its admins are mailed the note below.',
    okText: 'Reactivate company',
    done: (name: string) => `${name} is active again; its admins were mailed`,
  },
} as const;

/** Suspends or reactivates a company, with the reason its admins receive by mail. */
export const StatusModal = ({
  company,
  action,
  onClose,
}: {
  company: TAdminCompany;
  action: 'suspend' | 'reactivate' | undefined;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<{ reason: string }>();
  const setStatus = useSetCompanyStatus(company._id);
  const [failure, setFailure] = useState<string>();
  const words = wording[action ?? 'suspend'];

  const onSubmit = async ({ reason }: { reason: string }) => {
    if (!action) return;
    setFailure(undefined);
    try {
      await setStatus.mutateAsync({ action, reason: reason.trim() });
      notifySuccess(words.done(company.name));
      onClose();
    } catch (error) {
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      title={words.title(company.name)}
      open={action !== undefined}
      okText={words.okText}
      okButtonProps={{ htmlType: 'submit', form: 'company-status', danger: action === 'suspend' }}
      confirmLoading={setStatus.isPending}
      onCancel={() => {
        setFailure(undefined);
        onClose();
      }}
      afterOpenChange={focusFieldOnOpen(form, 'reason')}
      destroyOnHidden
    >
      <p>{words.intro}</p>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} name="company-status" layout="vertical" onFinish={onSubmit} noValidate>
        <Form.Item
          name="reason"
          label={action === 'reactivate' ? 'Note to the company’s admins' : 'Reason'}
          rules={[
            { required: true, whitespace: true, message: 'Say why: the company’s admins read it.' },
            { min: 3, message: 'At least 3 characters.' },
            { max: 1000, message: 'At most 1,000 characters.' },
          ]}
        >
          <Input.TextArea rows={4} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};
