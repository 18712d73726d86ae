import type { TAdminCompany } from '@cargodesk/shared';
import { Alert, AutoComplete, Form, Modal } from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { DayPicker } from '@/lib/format/day-picker.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useChangePlan } from '../api/companies.ts';
import { planLastDayOf } from './plan-day.ts';

type TPlanValues = { planName: string; expiresOn: string };

// Spelled out rather than imported: shared's values would bring zod, which the page's CSP refuses.
const planSuggestions = ['Trial', 'Starter', 'Business', 'Enterprise'].map((value) => ({ value }));

/**
 * Changes a company's plan or extends it: the company's users see the new plan (and lose the
 * "expired" banner) from their next sign-in or reload.
 */
export const PlanModal = ({
  company,
  isOpen,
  onClose,
}: {
  company: TAdminCompany;
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { formatDay } = useFormat();
  const [form] = Form.useForm<TPlanValues>();
  const change = useChangePlan(company._id);
  const [failure, setFailure] = useState<string>();

  const onSubmit = async ({ planName, expiresOn }: TPlanValues) => {
    setFailure(undefined);
    try {
      await change.mutateAsync({ planName: planName.trim(), expiresOn });
      notifySuccess(`${company.name}: ${planName.trim()} until ${formatDay(expiresOn)}`);
      onClose();
    } catch (error) {
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      title={`Plan of ${company.name}`}
      open={isOpen}
      okText="Save plan"
      okButtonProps={{ htmlType: 'submit', form: 'company-plan' }}
      confirmLoading={change.isPending}
      onCancel={() => {
        setFailure(undefined);
        onClose();
      }}
      afterOpenChange={focusFieldOnOpen(form, 'planName')}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="company-plan"
        layout="vertical"
        onFinish={onSubmit}
        noValidate
        initialValues={{ planName: company.planName, expiresOn: planLastDayOf(company.planExpiresAt) }}
      >
        <Form.Item
          name="planName"
          label="Plan"
          rules={[
            { required: true, whitespace: true, message: 'Give the plan a name.' },
            { max: 60, message: 'At most 60 characters.' },
          ]}
        >
          <AutoComplete options={planSuggestions} autoFocus />
        </Form.Item>
        <Form.Item
          name="expiresOn"
          label="Plan until"
          extra="The plan works to the end of this day (UTC). A past date ends it at once."
          rules={[{ required: true, message: 'Choose the last day of the plan.' }]}
        >
          <DayPicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
