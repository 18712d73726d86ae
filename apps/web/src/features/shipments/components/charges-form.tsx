import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  chargeSides,
  chargeUnitLabels,
  chargeUnits,
  type TDropdownValue,
  type TShipment,
  type TShipmentCharges,
  ZChargeLineInput,
} from '@cargodesk/shared';
import { Alert, Button, Col, Flex, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { DayPicker } from '@/lib/format/day-picker.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { formNamePathOf, serverFieldErrorsOf } from '@/lib/forms/server-field-errors.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { useDebounced } from '@/lib/list/use-debounced.ts';
import { notifySuccess } from '@/lib/notify.ts';
import './charges.css';
import { useCurrenciesInUse, useReplaceCharges } from '../api/charges.ts';
import { useContactOptions } from '../api/shipments.ts';
import {
  chargeCodeOptionsOf,
  chargeSideLabels,
  chargesInputOf,
  currencyOptionsOf,
  decimalTextOf,
  lineValuesOf,
  type TChargeLineValues,
} from '../charge-lines.ts';

type TChargesValues = { lines: TChargeLineValues[] };

/** A decimal field checked by the server's own rule, a decimal comma taken as the point. */
const decimalRule = (schema: z.ZodType, label: string) =>
  zodRule(
    z.preprocess((value) => (typeof value === 'string' ? decimalTextOf(value) : value), schema),
    { label },
  );

const quantityRule = decimalRule(ZChargeLineInput.shape.quantity, 'Quantity');
const unitPriceRule = decimalRule(ZChargeLineInput.shape.unitPrice, 'Unit price');
const required = (what: string) => ({ required: true, message: `Choose the ${what}` });

/**
 * An organisation of the company's contacts, searched by name. It remembers the name of the one
 * chosen, so a later search that no longer finds it still shows it.
 */
const ContactPicker = ({
  id,
  value,
  onChange,
  known,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  known: { _id: string; name: string } | undefined;
}) => {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState(known);
  const organisations = useContactOptions(useDebounced(search, 250), 'organisation');
  const options = [
    ...(chosen ? [{ value: chosen._id, label: chosen.name }] : []),
    ...(organisations.data ?? [])
      .filter((option) => option._id !== chosen?._id)
      .map((option) => ({ value: option._id, label: option.name })),
  ];
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined, option) => {
        const picked = Array.isArray(option) ? undefined : option;
        setChosen(next && picked ? { _id: next, name: String(picked.label) } : undefined);
        onChange?.(next);
      }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="Search your contacts"
      options={options}
      notFoundContent={organisations.isFetching ? 'Searching…' : 'No organisation found'}
    />
  );
};

/**
 * The buy and sell lines edited as one list and saved whole (PUT replaces them all). A refusal of
 * the server, such as a currency without a rate on the line's date, lands on the line's field.
 */
export const ChargesForm = ({
  shipment,
  charges,
  codes,
  onDone,
}: {
  shipment: TShipment;
  charges: TShipmentCharges;
  codes: readonly TDropdownValue[];
  onDone: () => void;
}) => {
  const [form] = Form.useForm<TChargesValues>();
  const { dayIn } = useFormat();
  const replace = useReplaceCharges();
  const canReadCurrencies = useCan('currencies:read');
  const currencies = useCurrenciesInUse({ isEnabled: canReadCurrencies });
  const [failure, setFailure] = useState<string>();
  const watched = Form.useWatch('lines', form) ?? [];

  const knownParties = new Map(charges.lines.map((line) => [line.party._id, line.party]));
  const codeOptions = chargeCodeOptionsOf(
    codes,
    charges.lines.map((line) => line.chargeCode),
  );
  const currencyOptions = currencyOptionsOf(currencies.data ?? [], [
    charges.baseCurrency,
    ...charges.lines.map((line) => line.currency),
  ]);

  const newLine = (side: TChargeLineValues['side']): TChargeLineValues => ({
    side,
    quantity: '1',
    unit: 'shipment',
    currency: charges.baseCurrency ?? undefined,
    date: dayIn(new Date(), undefined),
  });

  const onSubmit = async (values: TChargesValues) => {
    setFailure(undefined);
    try {
      await replace.mutateAsync({ id: shipment._id, input: chargesInputOf(values.lines ?? []) });
      notifySuccess(`Charges of ${shipment.reference} saved`);
      onDone();
    } catch (error) {
      // A line's field ("lines.2.currency") shows under it; anything else above the form.
      const fieldErrors = serverFieldErrorsOf(error);
      const onFields = fieldErrors.filter((field) => formNamePathOf(field.field).length > 2);
      if (onFields.length > 0)
        form.setFields(
          onFields.map((field) => ({ name: formNamePathOf(field.field) as never, errors: [field.message] })),
        );
      const elsewhere = fieldErrors.filter((field) => !onFields.includes(field));
      if (onFields.length === 0 || elsewhere.length > 0)
        setFailure(
          elsewhere.length > 0
            ? elsewhere
                .map(
                  (field) =>
                    `${field.field === 'lines' ? 'The list of lines' : field.field} ${field.message}`,
                )
                .join('. ')
            : toErrorMessage(error),
        );
    }
  };

  return (
    <Form<TChargesValues>
      form={form}
      name="charges-form"
      layout="vertical"
      requiredMark="optional"
      noValidate
      initialValues={{ lines: charges.lines.map(lineValuesOf) }}
      onFinish={(values) => void onSubmit(values)}
    >
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        Edit the charges of {shipment.reference}
      </Typography.Title>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.List name="lines">
        {(lines, { add, remove }) => (
          <>
            {lines.length === 0 && (
              <Typography.Paragraph type="secondary">
                No lines. Add a sell line for what you invoice, a buy line for what a supplier invoices you.
              </Typography.Paragraph>
            )}
            {lines.map((line, place) => {
              const side = watched[line.name]?.side ?? 'sell';
              const title = `Line ${place + 1}: ${chargeSideLabels[side].toLowerCase()}`;
              return (
                <fieldset key={line.key} className="charges-form__line">
                  <legend>{title}</legend>
                  <Button
                    className="charges-form__remove"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove line ${place + 1}`}
                    onClick={() => remove(line.name)}
                  />
                  <Row gutter={12}>
                    <Col xs={12} md={4}>
                      <Form.Item name={[line.name, 'side']} label="Side" rules={[required('side')]}>
                        <Select
                          options={chargeSides
                            .toReversed()
                            .map((value) => ({ value, label: chargeSideLabels[value] }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item
                        name={[line.name, 'chargeCode']}
                        label="Charge code"
                        rules={[required('charge code')]}
                      >
                        <Select
                          showSearch={{ optionFilterProp: 'label' }}
                          placeholder="Choose"
                          options={codeOptions}
                          popupMatchSelectWidth={false}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[line.name, 'partyId']}
                        label={side === 'sell' ? 'Bill to' : 'Supplier'}
                        rules={[required('organisation')]}
                      >
                        <ContactPicker known={knownParties.get(watched[line.name]?.partyId ?? '')} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={6}>
                      <Form.Item name={[line.name, 'date']} label="Date" rules={[required('date')]}>
                        <DayPicker style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item name={[line.name, 'quantity']} label="Quantity" rules={[quantityRule]}>
                        <Input inputMode="decimal" autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[line.name, 'unit']} label="Unit" rules={[required('unit')]}>
                        <Select
                          options={chargeUnits.map((value) => ({ value, label: chargeUnitLabels[value] }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[line.name, 'unitPrice']} label="Unit price" rules={[unitPriceRule]}>
                        <Input inputMode="decimal" autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item
                        name={[line.name, 'currency']}
                        label="Currency"
                        rules={[required('currency')]}
                      >
                        <Select
                          showSearch={{ optionFilterProp: 'label' }}
                          options={currencyOptions}
                          popupMatchSelectWidth={false}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={6}>
                      <Form.Item name={[line.name, 'description']} label="Description">
                        <Input maxLength={200} autoComplete="off" />
                      </Form.Item>
                    </Col>
                  </Row>
                </fieldset>
              );
            })}
            <Space wrap style={{ marginBottom: 16 }}>
              <Button icon={<PlusOutlined />} onClick={() => add(newLine('sell'))}>
                Add sell line
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => add(newLine('buy'))}>
                Add buy line
              </Button>
            </Space>
          </>
        )}
      </Form.List>
      <Flex gap="small" wrap className="charges-form__actions">
        <Button type="primary" htmlType="submit" loading={replace.isPending}>
          Save charges
        </Button>
        <Button onClick={onDone} disabled={replace.isPending}>
          Cancel
        </Button>
      </Flex>
    </Form>
  );
};
