import { PlusOutlined } from '@ant-design/icons';
import { shipmentRules, type TShipment } from '@cargodesk/shared';
import { Alert, Button, Form, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { serverFieldErrorsOf } from '@/lib/forms/server-field-errors.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useReplaceCargo } from '../api/cargo.ts';
import {
  cargoFieldPathOf,
  cargoInputOf,
  cargoValuesOf,
  containerSuggestionOfParams,
  containerSuggestionText,
  liveChargeableWeightOf,
  type TCargoLineValues,
  type TCargoValues,
} from '../cargo-form-values.ts';
import { sizeTypeOptionsWith } from '../cargo-labels.ts';
import { CargoLineFields } from './cargo-line-fields.tsx';
import { ContainerFields, type TServerSuggestion } from './container-fields.tsx';
import './cargo-form.css';

// The cargo form: every line and container of the shipment at once, saved as a whole (PUT
// …/cargo), the way the server keeps them. A refusal lands on its field, a wrong container check
// digit with the number that was likely meant.

const emptyLine: TCargoLineValues = { dimensions: [] };

/** By air, the chargeable weight of what is typed so far, before anything is saved. */
const LiveChargeableWeight = () => {
  const lines = Form.useWatch('lines') as TCargoLineValues[] | undefined;
  const { formatNumber } = useFormat();
  const weight = liveChargeableWeightOf(lines ?? []);
  const kg = (value: number) => `${formatNumber(value, { maximumFractionDigits: 3 })} kg`;
  return (
    <div className="cargo-form__chargeable" role="status" aria-live="polite">
      {weight ? (
        <>
          <Typography.Text strong>
            Chargeable weight {kg(weight.chargeableKg)}, by{' '}
            {weight.basis === 'volume' ? 'volume' : 'gross weight'}
          </Typography.Text>
          <Typography.Text type="secondary">
            {' '}
            (gross {kg(weight.grossKg)}, volume weight {kg(weight.volumeKg)} at 6,000 cm³ per kg)
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">
          The chargeable weight shows here as you type the weights and dimensions.
        </Typography.Text>
      )}
    </div>
  );
};

/** Edits a shipment's cargo lines and, by sea, its containers. */
export const CargoFormModal = ({ shipment, onClose }: { shipment: TShipment; onClose: () => void }) => {
  const [form] = Form.useForm<TCargoValues>();
  const { formatNumber } = useFormat();
  const replace = useReplaceCargo();
  const [failure, setFailure] = useState<string>();
  const [serverSuggestions, setServerSuggestions] = useState<Record<number, TServerSuggestion>>({});
  const isAir = shipment.mode === 'air';
  // The user's decimal separator, so a stored 12.5 reads as they type numbers.
  const decimalSeparator = formatNumber(1.5).charAt(1);
  const initialValues = useMemo(() => {
    const values = cargoValuesOf(shipment, decimalSeparator);
    // A shipment without cargo opens on its first line, ready to type.
    return values.lines.length === 0 && values.containers.length === 0
      ? { ...values, lines: [emptyLine] }
      : values;
  }, [shipment, decimalSeparator]);
  const sizeTypeOptions = useMemo(
    () => sizeTypeOptionsWith(shipment.containers.map((container) => container.sizeType)),
    [shipment.containers],
  );

  const onSubmit = async (values: TCargoValues) => {
    setFailure(undefined);
    setServerSuggestions({});
    try {
      const saved = await replace.mutateAsync({
        id: shipment._id,
        cargo: cargoInputOf(values, shipment.mode),
      });
      notifySuccess(`Cargo of ${saved.reference} saved`);
      onClose();
    } catch (error) {
      const refusals = serverFieldErrorsOf(error);
      const suggestions: Record<number, TServerSuggestion> = {};
      const placed = refusals.flatMap((refusal) => {
        const name = cargoFieldPathOf(refusal.field);
        if (!name) return [];
        const [list, index, field] = name;
        const suggestion = containerSuggestionOfParams(refusal.params);
        if (list === 'containers' && field === 'number' && typeof index === 'number' && suggestion) {
          suggestions[index] = { ...suggestion, typed: values.containers?.[index]?.number ?? '' };
          return [{ name, errors: [containerSuggestionText(suggestion)] }];
        }
        const message = refusal.message.charAt(0).toUpperCase() + refusal.message.slice(1);
        return [{ name, errors: [message] }];
      });
      setServerSuggestions(suggestions);
      form.setFields(placed as never);
      const [first] = placed;
      if (first) form.scrollToField(first.name);
      if (placed.length < refusals.length || placed.length === 0) setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      title={`${isAir ? 'Cargo' : 'Cargo and containers'} of ${shipment.reference}`}
      open
      width={1000}
      okText="Save cargo"
      okButtonProps={{ htmlType: 'submit', form: 'cargo-form' }}
      confirmLoading={replace.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<TCargoValues>
        form={form}
        name="cargo-form"
        layout="vertical"
        // Asterisks on the fields a line needs: "(optional)" beside most of a dense grid's short
        // labels would wrap them onto two lines.
        noValidate
        initialValues={initialValues}
        onFinish={(values) => void onSubmit(values)}
        scrollToFirstError
      >
        <Typography.Title level={3} className="cargo-form__title">
          Cargo lines
        </Typography.Title>
        <Form.List name="lines">
          {(lines, { add, remove }) => (
            <>
              {lines.map((line) => (
                <CargoLineFields
                  key={line.key}
                  index={line.name}
                  isAir={isAir}
                  onRemove={() => remove(line.name)}
                />
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={lines.length >= shipmentRules.cargoLinesMax}
                onClick={() => add(emptyLine)}
              >
                Add a cargo line
              </Button>
            </>
          )}
        </Form.List>
        {isAir && <LiveChargeableWeight />}
        {!isAir && (
          <>
            <Typography.Title level={3} className="cargo-form__title">
              Containers
            </Typography.Title>
            <Form.List name="containers">
              {(containers, { add, remove }) => (
                <>
                  {containers.map((container) => (
                    <ContainerFields
                      key={container.key}
                      index={container.name}
                      sizeTypeOptions={sizeTypeOptions}
                      serverSuggestion={serverSuggestions[container.name]}
                      onRemove={() => remove(container.name)}
                    />
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={containers.length >= shipmentRules.containersMax}
                    onClick={() => add({})}
                  >
                    Add a container
                  </Button>
                </>
              )}
            </Form.List>
          </>
        )}
      </Form>
    </Modal>
  );
};
