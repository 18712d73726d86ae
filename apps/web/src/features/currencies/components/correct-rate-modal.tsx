import type { TExchangeRate } from '@cargodesk/shared';
import { Form, Input, Modal } from 'antd';
import { useFormat } from '@/lib/format/format-store.ts';
import { parseDecimal } from '@/lib/forms/decimal.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useCorrectExchangeRate } from '../api/currency-settings.ts';
import { rateRule } from './rate-rule.ts';

/** Corrects a rate entered wrongly, keeping its date: no delete and enter again. */
export const CorrectRateModal = ({
  rate,
  onClose,
}: {
  rate: TExchangeRate | undefined;
  onClose: () => void;
}) => {
  const { formatDay } = useFormat();
  const correct = useCorrectExchangeRate();
  const [form] = Form.useForm<{ rate: string }>();

  const onSubmit = async ({ rate: text }: { rate: string }) => {
    if (!rate) return;
    try {
      // The form's rule has read the text already: it holds one number.
      await correct.mutateAsync({ id: rate._id, rate: parseDecimal(text) ?? Number.NaN });
      notifySuccess(`${rate.currency} rate from ${formatDay(rate.effectiveDate)} corrected`);
      onClose();
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Modal
      open={rate !== undefined}
      title={rate ? `Correct the rate from ${formatDay(rate.effectiveDate)}` : ''}
      okText="Save"
      // The OK button submits the form itself, so Enter in the field saves too.
      okButtonProps={{ htmlType: 'submit', form: 'correct-rate' }}
      confirmLoading={correct.isPending}
      onCancel={onClose}
      afterOpenChange={focusFieldOnOpen(form, 'rate')}
      destroyOnHidden
    >
      {rate && (
        <Form
          form={form}
          name="correct-rate"
          layout="vertical"
          onFinish={onSubmit}
          initialValues={{ rate: rate.rate }}
          noValidate
        >
          <Form.Item name="rate" label={`1 ${rate.currency} in ${rate.baseCurrency}`} rules={[rateRule]}>
            <Input inputMode="decimal" autoComplete="off" autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
