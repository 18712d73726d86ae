import {
  isCalendarDate,
  type TCurrencySetting,
  type TExchangeRate,
  ZExchangeRateInput,
} from '@cargodesk/shared';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button.tsx';
import { ApiError, toErrorMessage } from '@/lib/api-client.ts';
import { DayPicker } from '@/lib/format/day-picker.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { parseDecimal } from '@/lib/forms/decimal.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import {
  getRateOn,
  useAddExchangeRate,
  useDeleteExchangeRate,
  useExchangeRates,
} from '../api/currency-settings.ts';
import { BaseCurrencySelect } from './base-currency-select.tsx';
import { CorrectRateModal } from './correct-rate-modal.tsx';
import { rateRule } from './rate-rule.ts';

/** The rate as typed: read by `parseDecimal`, so a decimal comma means what the user meant. */
type TRateValues = { rate: string; effectiveDate: string };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The day a refusal is about, from its details (`effectiveDate` of a duplicate, `date` of a look-up
 * without a rate): the server's message writes it as YYYY-MM-DD for API clients, the screen in the
 * reader's date format.
 */
const dayInDetails = (error: unknown, field: 'effectiveDate' | 'date') => {
  if (!(error instanceof ApiError)) return undefined;
  const day = (error.details as Record<string, unknown> | null | undefined)?.[field];
  return typeof day === 'string' && isCalendarDate(day) ? day : undefined;
};

const effectiveDateRule = zodRule(ZExchangeRateInput.shape.effectiveDate, {
  label: 'The date',
  requiredMessage: 'Please enter the date.',
});

/** One currency's exchange rates against the base: enter a new one, see the history, look up a date. */
export const ExchangeRatesDrawer = ({
  currency,
  baseCurrency,
  canWrite,
  onChooseBase,
  isChoosingBase,
  onClose,
}: {
  currency: TCurrencySetting | undefined;
  baseCurrency: string | null;
  canWrite: boolean;
  /** Sets the first base currency from here, so a rate can be entered without leaving the drawer. */
  onChooseBase: (code: string) => void;
  isChoosingBase: boolean;
  onClose: () => void;
}) => {
  const { formatDateTime, formatDay, formatDecimalText } = useFormat();
  const [page, setPage] = useState(1);
  const rates = useExchangeRates(currency?.code, page);
  const add = useAddExchangeRate();
  const remove = useDeleteExchangeRate();
  const [form] = Form.useForm<TRateValues>();
  const [lookupDate, setLookupDate] = useState('');
  const [lookup, setLookup] = useState<{
    date: string;
    rate?: TExchangeRate;
    message?: string;
    missingDay?: string;
  }>();
  const [correcting, setCorrecting] = useState<TExchangeRate>();

  const onAdd = async (values: TRateValues) => {
    if (!currency) return;
    try {
      await add.mutateAsync({
        currency: currency.code,
        // The form's rule has read the text already: it holds one number.
        rate: parseDecimal(values.rate) ?? Number.NaN,
        effectiveDate: values.effectiveDate,
      });
      notifySuccess(`${currency.code} rate from ${formatDay(values.effectiveDate)} saved`);
      form.resetFields();
      setPage(1);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        const day = dayInDetails(error, 'effectiveDate');
        const message = day
          ? `${currency.code} already has a rate effective ${formatDay(day)}`
          : error.message;
        form.setFields([{ name: 'effectiveDate', errors: [message] }]);
        return;
      }
      notifyFailure(error);
    }
  };

  const onLookup = async () => {
    if (!currency || !isCalendarDate(lookupDate)) return;
    try {
      setLookup({ date: lookupDate, rate: await getRateOn(currency.code, lookupDate) });
    } catch (error) {
      const missingDay =
        error instanceof ApiError && error.code === 'NOT_FOUND' ? dayInDetails(error, 'date') : undefined;
      setLookup({ date: lookupDate, message: toErrorMessage(error), missingDay });
    }
  };

  const columns = [
    {
      key: 'effectiveDate',
      title: 'Effective from',
      render: (_: unknown, rate: TExchangeRate) => formatDay(rate.effectiveDate),
    },
    {
      key: 'rate',
      title: 'Rate',
      render: (_: unknown, rate: TExchangeRate) =>
        `1 ${rate.currency} = ${formatDecimalText(rate.rate)} ${rate.baseCurrency}`,
    },
    {
      key: 'createdAt',
      title: 'Entered',
      responsive: ['md' as const],
      render: (_: unknown, rate: TExchangeRate) => formatDateTime(rate.createdAt),
    },
    ...(canWrite && baseCurrency
      ? [
          {
            key: 'actions',
            title: 'Actions',
            render: (_: unknown, rate: TExchangeRate) => (
              <Space size={0}>
                <Button
                  type="link"
                  aria-label={`Correct the rate from ${formatDay(rate.effectiveDate)}`}
                  onClick={() => setCorrecting(rate)}
                >
                  Correct
                </Button>
                <ConfirmDeleteButton
                  label={`Delete the rate from ${formatDay(rate.effectiveDate)}`}
                  question={`Delete the rate from ${formatDay(rate.effectiveDate)}?`}
                  onConfirm={() => remove.mutate(rate._id)}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer
      title={currency ? `${currency.code} exchange rates` : ''}
      open={Boolean(currency)}
      onClose={() => {
        setLookup(undefined);
        setLookupDate('');
        setPage(1);
        onClose();
      }}
      size="large"
      destroyOnHidden
    >
      {currency && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'name', label: 'Currency', children: `${currency.name} (${currency.symbol})` },
              { key: 'base', label: 'Against', children: baseCurrency ?? 'No base currency yet' },
            ]}
          />
          {!baseCurrency && (
            <Alert
              type="info"
              showIcon
              title="Rates are entered against your company’s base currency, which is not chosen yet."
              description={
                canWrite ? (
                  // Label above the choice: beside it, a phone's narrow panel pushes the choice out.
                  <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginTop: 8 }}>
                    <label htmlFor="drawer-base-currency">Base currency</label>
                    <BaseCurrencySelect
                      id="drawer-base-currency"
                      value={null}
                      excludeCode={currency.code}
                      isLoading={isChoosingBase}
                      onChoose={onChooseBase}
                    />
                  </div>
                ) : (
                  'Someone who may change the currencies chooses it on this page.'
                )
              }
            />
          )}
          {canWrite && baseCurrency && (
            <section aria-labelledby="new-rate-title">
              <Typography.Title level={4} id="new-rate-title">
                New rate
              </Typography.Title>
              <Form
                form={form}
                name="exchange-rate"
                layout="inline"
                onFinish={onAdd}
                initialValues={{ effectiveDate: today() }}
              >
                <Form.Item name="rate" label={`1 ${currency.code} in ${baseCurrency}`} rules={[rateRule]}>
                  <Input inputMode="decimal" autoComplete="off" style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name="effectiveDate" label="Effective from" rules={[effectiveDateRule]}>
                  <DayPicker style={{ width: 170 }} />
                </Form.Item>
                <Form.Item>
                  <Button type="primary" htmlType="submit" loading={add.isPending}>
                    Save rate
                  </Button>
                </Form.Item>
              </Form>
            </section>
          )}
          <section aria-labelledby="history-title">
            <Typography.Title level={4} id="history-title">
              History
            </Typography.Title>
            {rates.isError && <Alert type="error" showIcon title={toErrorMessage(rates.error)} />}
            <Table<TExchangeRate>
              rowKey="_id"
              size="small"
              columns={columns}
              dataSource={rates.data?.data ?? []}
              loading={rates.isFetching}
              pagination={{
                current: page,
                pageSize: 10,
                total: rates.data?.meta.total ?? 0,
                onChange: setPage,
                showSizeChanger: false,
                hideOnSinglePage: true,
              }}
              locale={{ emptyText: rates.isLoading ? ' ' : <Empty description="No rates entered yet." /> }}
            />
          </section>
          <section aria-labelledby="lookup-title">
            <Typography.Title level={4} id="lookup-title">
              Rate on a date
            </Typography.Title>
            <Space wrap>
              <label htmlFor="rate-lookup-date">Date</label>
              <DayPicker
                id="rate-lookup-date"
                value={lookupDate}
                onChange={(day) => setLookupDate(day ?? '')}
                style={{ width: 170 }}
              />
              <Button onClick={() => void onLookup()} disabled={!isCalendarDate(lookupDate)}>
                Look up
              </Button>
            </Space>
            {lookup && (
              <p role="status" style={{ marginTop: 12 }}>
                {lookup.rate
                  ? `On ${formatDay(lookup.date)}: 1 ${lookup.rate.currency} = ${formatDecimalText(lookup.rate.rate)} ${lookup.rate.baseCurrency} (effective from ${formatDay(lookup.rate.effectiveDate)})`
                  : lookup.missingDay
                    ? `No ${currency.code} rate is in force on ${formatDay(lookup.missingDay)}`
                    : lookup.message}
              </p>
            )}
          </section>
        </Space>
      )}
      <CorrectRateModal rate={correcting} onClose={() => setCorrecting(undefined)} />
    </Drawer>
  );
};
