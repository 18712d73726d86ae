import {
  shipmentDirections,
  shipmentRules,
  type TIncotermRule,
  type TShipment,
  type TShipmentCreate,
  type TShipmentDirection,
  type TShipmentLoadType,
  type TShipmentLocation,
  type TShipmentUpdate,
} from '@cargodesk/shared';
import { Alert, Col, Form, Input, Modal, Radio, Row, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { DayPicker } from '@/lib/format/day-picker.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { serverFieldErrorsOf } from '@/lib/forms/server-field-errors.ts';
import { useDebounced } from '@/lib/list/use-debounced.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  useContactOptions,
  useCreateShipment,
  usePlaceOptions,
  useUpdateShipment,
} from '../api/shipments.ts';
import {
  directionLabels,
  formFieldOf,
  incotermOptionsFor,
  loadTypeOptionsFor,
  modeLabels,
  placeCodeOf,
  placeKindOf,
} from '../shipment-labels.ts';

type TFormMode = 'sea' | 'air';
type TShipmentParties = NonNullable<TShipmentCreate['parties']>;
type TPartyField = 'customerId' | 'shipperId' | 'consigneeId';
type TPlaceField = 'portOfLoading' | 'portOfDischarge';

type TShipmentValues = {
  mode: TFormMode;
  /** On create only: a master to consolidate houses under, or a direct shipment. */
  consolidation?: 'direct' | 'master';
  direction: TShipmentDirection;
  loadType: TShipmentLoadType;
  incoterm?: TIncotermRule | null;
  incotermPlace?: string;
  customerId?: string | null;
  shipperId?: string | null;
  consigneeId?: string | null;
  portOfLoading?: string | null;
  portOfDischarge?: string | null;
  plannedDeparture?: string | null;
  plannedArrival?: string | null;
  vesselName?: string;
  vesselImo?: string;
  voyageNumber?: string;
  flightNumber?: string;
  billOfLadingNumber?: string;
  airWaybillNumber?: string;
};

const formFields = new Set<string>([
  'mode',
  'consolidation',
  'direction',
  'loadType',
  'incoterm',
  'incotermPlace',
  'customerId',
  'shipperId',
  'consigneeId',
  'portOfLoading',
  'portOfDischarge',
  'plannedDeparture',
  'plannedArrival',
  'vesselName',
  'vesselImo',
  'voyageNumber',
  'flightNumber',
  'billOfLadingNumber',
  'airWaybillNumber',
]);

const partyFields: Record<TPartyField, 'customer' | 'shipper' | 'consignee'> = {
  customerId: 'customer',
  shipperId: 'shipper',
  consigneeId: 'consignee',
};

/** A party's picker over the company's organisations. */
const PartyPicker = ({
  id,
  value,
  onChange,
  known,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  known: { _id: string; name: string } | undefined;
}) => {
  const [search, setSearch] = useState('');
  const organisations = useContactOptions(useDebounced(search, 250), 'organisation');
  const options = [
    ...(known ? [{ value: known._id, label: known.name }] : []),
    ...(organisations.data ?? [])
      .filter((option) => option._id !== known?._id)
      .map((option) => ({ value: option._id, label: option.name })),
  ];
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="Search your contacts"
      options={options}
      notFoundContent={organisations.isFetching ? 'Searching…' : 'No organisation found'}
    />
  );
};

/** A place's picker over the ocean ports or the airports, remembering each place's time zone. */
const PlacePicker = ({
  id,
  value,
  onChange,
  mode,
  known,
  zones,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  mode: TFormMode;
  known: TShipmentLocation | null | undefined;
  zones: Map<string, string | null>;
}) => {
  const [search, setSearch] = useState('');
  const places = usePlaceOptions(placeKindOf(mode), useDebounced(search, 250));
  const entries = places.data?.data ?? [];
  for (const entry of entries) zones.set(placeCodeOf(entry), entry.timezone);
  const options = [
    ...(known && known.kind === placeKindOf(mode)
      ? [{ value: known.code, label: `${known.name} (${known.code})` }]
      : []),
    ...entries
      .filter((entry) => placeCodeOf(entry) !== known?.code)
      .map((entry) => ({ value: placeCodeOf(entry), label: `${entry.name} (${placeCodeOf(entry)})` })),
  ];
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={mode === 'air' ? 'Search the airports' : 'Search the ocean ports'}
      options={options}
      notFoundContent={places.isFetching ? 'Searching…' : 'Nothing found'}
    />
  );
};

const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Creates a shipment by sea or air, or, given one, changes its overview. A new shipment opens on
 * its own page; a refusal of the server lands on its field.
 */
export const ShipmentFormModal = ({ shipment, onClose }: { shipment?: TShipment; onClose: () => void }) => {
  const [form] = Form.useForm<TShipmentValues>();
  const navigate = useNavigate();
  const { dayIn, middayIn } = useFormat();
  const create = useCreateShipment();
  const update = useUpdateShipment();
  const [failure, setFailure] = useState<string>();
  const zones = useRef(new Map<string, string | null>()).current;
  const mode: TFormMode = Form.useWatch('mode', form) ?? (shipment?.mode === 'air' ? 'air' : 'sea');

  const initialValues: TShipmentValues = shipment
    ? {
        mode: shipment.mode === 'air' ? 'air' : 'sea',
        direction: shipment.direction,
        loadType: shipment.loadType,
        incoterm: shipment.incoterm,
        incotermPlace: shipment.incotermPlace ?? '',
        customerId: shipment.parties.customer?.organisation._id ?? null,
        shipperId: shipment.parties.shipper?.organisation._id ?? null,
        consigneeId: shipment.parties.consignee?.organisation._id ?? null,
        portOfLoading: shipment.portOfLoading?.code ?? null,
        portOfDischarge: shipment.portOfDischarge?.code ?? null,
        plannedDeparture: shipment.plannedDeparture
          ? dayIn(shipment.plannedDeparture, shipment.portOfLoading?.timezone)
          : null,
        plannedArrival: shipment.plannedArrival
          ? dayIn(shipment.plannedArrival, shipment.portOfDischarge?.timezone)
          : null,
        vesselName: shipment.vesselName ?? '',
        vesselImo: shipment.vesselImo ?? '',
        voyageNumber: shipment.voyageNumber ?? '',
        flightNumber: shipment.flightNumber ?? '',
        billOfLadingNumber: shipment.billOfLadingNumber ?? '',
        airWaybillNumber: shipment.airWaybillNumber ?? '',
      }
    : { mode: 'sea', consolidation: 'direct', direction: 'export', loadType: 'fcl', incoterm: null };
  if (shipment) {
    for (const place of [shipment.portOfLoading, shipment.portOfDischarge])
      if (place) zones.set(place.code, place.timezone);
  }

  const zoneOf = (field: TPlaceField, values: TShipmentValues) => {
    const code = values[field];
    return code ? (zones.get(code) ?? null) : null;
  };

  /** A day unchanged keeps its time; a new day is midday where the ship or plane is, the same day everywhere near. */
  const momentOf = (
    field: 'plannedDeparture' | 'plannedArrival',
    place: TPlaceField,
    values: TShipmentValues,
  ) => {
    const day = values[field];
    if (!day) return null;
    if (shipment && day === initialValues[field]) return shipment[field];
    return middayIn(day, zoneOf(place, values));
  };

  const inputOf = (values: TShipmentValues): TShipmentUpdate => {
    const parties: TShipmentParties = {};
    for (const [field, role] of Object.entries(partyFields) as [
      TPartyField,
      'customer' | 'shipper' | 'consignee',
    ][]) {
      const organisationId = values[field];
      const person =
        shipment?.parties[role]?.organisation._id === organisationId ? shipment?.parties[role]?.person : null;
      parties[role] = organisationId ? { organisationId, personId: person?._id ?? null } : null;
    }
    const isSea = values.mode === 'sea';
    return {
      direction: values.direction,
      loadType: values.loadType,
      incoterm: values.incoterm ?? null,
      incotermPlace: text(values.incotermPlace),
      parties,
      portOfLoading: values.portOfLoading ?? null,
      portOfDischarge: values.portOfDischarge ?? null,
      plannedDeparture: momentOf('plannedDeparture', 'portOfLoading', values),
      plannedArrival: momentOf('plannedArrival', 'portOfDischarge', values),
      vesselName: isSea ? text(values.vesselName) : null,
      vesselImo: isSea ? text(values.vesselImo) : null,
      voyageNumber: isSea ? text(values.voyageNumber) : null,
      flightNumber: isSea ? null : text(values.flightNumber),
      billOfLadingNumber: isSea ? text(values.billOfLadingNumber) : null,
      airWaybillNumber: isSea ? null : text(values.airWaybillNumber),
    };
  };

  const onSubmit = async (values: TShipmentValues) => {
    setFailure(undefined);
    try {
      if (shipment) {
        const saved = await update.mutateAsync({ id: shipment._id, changes: inputOf(values) });
        notifySuccess(`${saved.reference} saved`);
        onClose();
      } else {
        const input: TShipmentCreate = {
          mode: values.mode,
          consolidation: values.consolidation ?? 'direct',
          ...inputOf(values),
        } as TShipmentCreate;
        const created = await create.mutateAsync(input);
        notifySuccess(`${created.reference} created`);
        onClose();
        navigate(paths.shipmentDetail.href({ id: created._id }));
      }
    } catch (error) {
      const placed = serverFieldErrorsOf(error).filter((field) => formFields.has(formFieldOf(field.field)));
      if (placed.length > 0) {
        form.setFields(
          placed.map((field) => ({
            name: formFieldOf(field.field) as keyof TShipmentValues,
            errors: [field.message],
          })),
        );
        return;
      }
      setFailure(toErrorMessage(error));
    }
  };

  const onModeChange = (next: TFormMode) => {
    const loadType = loadTypeOptionsFor(next)[0]?.value;
    const incoterm = form.getFieldValue('incoterm') as TIncotermRule | null | undefined;
    const isIncotermKept = incotermOptionsFor(next).some((option) => option.value === incoterm);
    form.setFieldsValue({
      ...(loadType ? { loadType } : {}),
      ...(isIncotermKept ? {} : { incoterm: null }),
      portOfLoading: null,
      portOfDischarge: null,
    });
  };

  const known = (field: TPartyField) => shipment?.parties[partyFields[field]]?.organisation;

  return (
    <Modal
      title={shipment ? `Edit ${shipment.reference}` : 'New shipment'}
      open
      width={760}
      okText={shipment ? 'Save' : 'Create shipment'}
      okButtonProps={{ htmlType: 'submit', form: 'shipment-form' }}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<TShipmentValues>
        form={form}
        name="shipment-form"
        layout="vertical"
        requiredMark="optional"
        noValidate
        initialValues={initialValues}
        onFinish={(values) => void onSubmit(values)}
      >
        <Row gutter={16}>
          {!shipment && (
            <Col xs={24} md={8}>
              <Form.Item name="mode" label="Mode" required>
                <Radio.Group
                  optionType="button"
                  onChange={(event) => onModeChange(event.target.value as TFormMode)}
                  options={(['sea', 'air'] as const).map((value) => ({ value, label: modeLabels[value] }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={shipment ? 12 : 16}>
            <Form.Item name="direction" label="Direction" required>
              <Radio.Group
                optionType="button"
                options={shipmentDirections.map((value) => ({ value, label: directionLabels[value] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={shipment ? 12 : 8}>
            <Form.Item name="loadType" label="Load" required>
              <Select options={loadTypeOptionsFor(mode)} />
            </Form.Item>
          </Col>
          {!shipment && (
            <Col xs={24} md={16}>
              <Form.Item
                name="consolidation"
                label="Consolidation"
                extra="A master (MBL or MAWB) carries the houses consolidated under it."
              >
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'direct', label: 'Direct' },
                    { value: 'master', label: 'Master' },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={16}>
            <Form.Item name="incoterm" label="Incoterms rule">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Choose the rule"
                options={incotermOptionsFor(mode)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="incotermPlace" label="Named place">
              <Input maxLength={shipmentRules.incotermPlaceMax} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={3} style={{ fontSize: 16 }}>
          Parties
        </Typography.Title>
        <Row gutter={16}>
          {(['customerId', 'shipperId', 'consigneeId'] as const).map((field) => (
            <Col xs={24} md={8} key={field}>
              <Form.Item
                name={field}
                label={{ customerId: 'Customer', shipperId: 'Shipper', consigneeId: 'Consignee' }[field]}
              >
                <PartyPicker known={known(field)} />
              </Form.Item>
            </Col>
          ))}
        </Row>

        <Typography.Title level={3} style={{ fontSize: 16 }}>
          Routing
        </Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="portOfLoading"
              label={mode === 'air' ? 'Airport of departure' : 'Port of loading'}
            >
              <PlacePicker mode={mode} known={shipment?.portOfLoading} zones={zones} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="portOfDischarge"
              label={mode === 'air' ? 'Airport of destination' : 'Port of discharge'}
            >
              <PlacePicker mode={mode} known={shipment?.portOfDischarge} zones={zones} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="plannedDeparture" label="Planned departure">
              <DayPicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="plannedArrival" label="Planned arrival">
              <DayPicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {mode === 'sea' ? (
            <>
              <Col xs={24} md={10}>
                <Form.Item name="vesselName" label="Vessel">
                  <Input maxLength={shipmentRules.vesselNameMax} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={12} md={7}>
                <Form.Item name="vesselImo" label="IMO number">
                  <Input placeholder="IMO 9074729" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={12} md={7}>
                <Form.Item name="voyageNumber" label="Voyage">
                  <Input maxLength={shipmentRules.voyageNumberMax} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="billOfLadingNumber" label="Bill of lading number">
                  <Input maxLength={shipmentRules.documentNumberMax} autoComplete="off" />
                </Form.Item>
              </Col>
            </>
          ) : (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="flightNumber" label="Flight number">
                  <Input placeholder="LH8160" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="airWaybillNumber" label="Air waybill number">
                  <Input placeholder="176-12345675" autoComplete="off" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </Form>
    </Modal>
  );
};
