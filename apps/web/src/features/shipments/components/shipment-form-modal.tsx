import {
  shipmentDirections,
  shipmentPartyRoles,
  shipmentRules,
  type TIncotermRule,
  type TPortKind,
  type TShipment,
  type TShipmentCreate,
  type TShipmentDirection,
  type TShipmentLoadType,
  type TShipmentLocation,
  type TShipmentPartyRole,
  type TShipmentUpdate,
} from '@cargodesk/shared';
import { Alert, Col, Form, Input, Modal, Radio, Row, Select, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
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
  useOrganisationPeople,
  usePlaceOptions,
  useUpdateShipment,
} from '../api/shipments.ts';
import {
  directionLabels,
  formFieldOf,
  incotermOptionsFor,
  loadTypeOptionsFor,
  modeLabels,
  partyRoleLabels,
  placeCodeOf,
  placeKindOf,
  routingPlacesOf,
} from '../shipment-labels.ts';

type TFormMode = 'sea' | 'air';
type TShipmentParties = NonNullable<TShipmentCreate['parties']>;
type TPlaceField = 'placeOfReceipt' | 'portOfLoading' | 'portOfDischarge' | 'placeOfDelivery';
type TMomentField = 'plannedDeparture' | 'actualDeparture' | 'plannedArrival' | 'actualArrival';
type TPartyValues = { [Role in TShipmentPartyRole as `${Role}Id` | `${Role}PersonId`]?: string | null };

type TShipmentValues = TPartyValues & {
  mode: TFormMode;
  /** On create only: a master to consolidate houses under, or a direct shipment. */
  consolidation?: 'direct' | 'master';
  direction: TShipmentDirection;
  loadType: TShipmentLoadType;
  incoterm?: TIncotermRule | null;
  incotermPlace?: string;
} & { [Field in TPlaceField]?: string | null } & { [Field in TMomentField]?: string | null } & {
  vesselName?: string;
  vesselImo?: string;
  voyageNumber?: string;
  flightNumber?: string;
  billOfLadingNumber?: string;
  airWaybillNumber?: string;
  notes?: string;
  marks?: string;
};

const placeFields: TPlaceField[] = ['placeOfReceipt', 'portOfLoading', 'portOfDischarge', 'placeOfDelivery'];

/** Each moment with the place whose clock it keeps: departures where they leave, arrivals where they arrive. */
const momentPlaces: Record<TMomentField, TPlaceField> = {
  plannedDeparture: 'portOfLoading',
  actualDeparture: 'portOfLoading',
  plannedArrival: 'portOfDischarge',
  actualArrival: 'portOfDischarge',
};

const formFields = new Set<string>([
  'mode',
  'consolidation',
  'direction',
  'loadType',
  'incoterm',
  'incotermPlace',
  ...shipmentPartyRoles.flatMap((role) => [`${role}Id`, `${role}PersonId`]),
  ...placeFields,
  ...Object.keys(momentPlaces),
  'vesselName',
  'vesselImo',
  'voyageNumber',
  'flightNumber',
  'billOfLadingNumber',
  'airWaybillNumber',
  'notes',
  'marks',
]);

/** A titled group of the form's fields, one column on a phone. */
const FormSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <section>
    <Typography.Title level={3} style={{ fontSize: 16 }}>
      {title}
    </Typography.Title>
    <Row gutter={16}>{children}</Row>
  </section>
);

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

/** A party's contact person: one of the chosen organisation's people. */
const PersonPicker = ({
  id,
  value,
  onChange,
  organisationId,
  known,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  organisationId: string | null | undefined;
  known: { _id: string; name: string } | null | undefined;
}) => {
  const people = useOrganisationPeople(organisationId);
  const options = [
    ...(known ? [{ value: known._id, label: known.name }] : []),
    ...(people.data?.data ?? [])
      .filter((person) => person._id !== known?._id)
      .map((person) => ({ value: person._id, label: person.name })),
  ];
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      disabled={!organisationId}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={organisationId ? 'Anyone there' : 'Choose the organisation first'}
      options={options}
      loading={people.isFetching}
      notFoundContent="No people at this organisation"
    />
  );
};

/** A party's organisation and, optionally, the person there; a new organisation clears the person. */
const PartyFields = ({ role, shipment }: { role: TShipmentPartyRole; shipment: TShipment | undefined }) => {
  const form = Form.useFormInstance<TShipmentValues>();
  const organisationId = Form.useWatch(`${role}Id`, form) as string | null | undefined;
  const known = shipment?.parties[role];
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name={`${role}Id`} label={partyRoleLabels[role]}>
          <PartyPicker
            known={known?.organisation}
            onChange={() => form.setFieldValue(`${role}PersonId`, null)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={`${role}PersonId`} label="Contact person">
          <PersonPicker
            organisationId={organisationId}
            known={known?.organisation._id === organisationId ? known?.person : null}
          />
        </Form.Item>
      </Col>
    </>
  );
};

/** A place's picker over the ocean ports, the airports or both, remembering each place's time zone. */
const PlacePicker = ({
  id,
  value,
  onChange,
  kinds,
  known,
  zones,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  kinds: TPortKind[];
  known: TShipmentLocation | null | undefined;
  zones: Map<string, string | null>;
}) => {
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 250);
  // Both catalogues are asked each time; the kind not wanted is simply not shown.
  const ports = usePlaceOptions('oceanport', q);
  const airports = usePlaceOptions('airport', q);
  const entries = [
    ...(kinds.includes('oceanport') ? (ports.data?.data ?? []) : []),
    ...(kinds.includes('airport') ? (airports.data?.data ?? []) : []),
  ];
  for (const entry of entries) zones.set(placeCodeOf(entry), entry.timezone);
  const options = [
    ...(known && kinds.includes(known.kind)
      ? [{ value: known.code, label: `${known.name} (${known.code})` }]
      : []),
    ...entries
      .filter((entry) => placeCodeOf(entry) !== known?.code)
      .map((entry) => ({ value: placeCodeOf(entry), label: `${entry.name} (${placeCodeOf(entry)})` })),
  ];
  const placeholder =
    kinds.length > 1
      ? 'Search the ports and airports'
      : kinds[0] === 'airport'
        ? 'Search the airports'
        : 'Search the ocean ports';
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={placeholder}
      options={options}
      notFoundContent={ports.isFetching || airports.isFetching ? 'Searching…' : 'Nothing found'}
    />
  );
};

const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);

const isSame = (one: unknown, other: unknown) =>
  JSON.stringify(one ?? null) === JSON.stringify(other ?? null);

/** What an edit changed: the fields and the parties that differ from the shipment as it was opened. */
const changesOf = (next: TShipmentUpdate, before: TShipmentUpdate): TShipmentUpdate => {
  const { parties: nextParties = {}, ...nextFields } = next;
  const { parties: beforeParties = {}, ...beforeFields } = before;
  const fields = Object.entries(nextFields).filter(
    ([key, value]) => !isSame(value, beforeFields[key as keyof typeof beforeFields]),
  );
  const parties = Object.entries(nextParties).filter(
    ([role, party]) => !isSame(party, beforeParties[role as TShipmentPartyRole]),
  );
  return {
    ...Object.fromEntries(fields),
    ...(parties.length > 0 ? { parties: Object.fromEntries(parties) } : {}),
  };
};

/**
 * Creates a shipment by sea or air, or, given one, changes any of its fields; an edit sends only
 * what changed. A new shipment opens on its own page; a refusal of the server lands on its field.
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
        ...Object.fromEntries(
          shipmentPartyRoles.flatMap((role) => [
            [`${role}Id`, shipment.parties[role]?.organisation._id ?? null],
            [`${role}PersonId`, shipment.parties[role]?.person?._id ?? null],
          ]),
        ),
        ...Object.fromEntries(placeFields.map((field) => [field, shipment[field]?.code ?? null])),
        ...Object.fromEntries(
          (Object.entries(momentPlaces) as [TMomentField, TPlaceField][]).map(([field, place]) => {
            const moment = shipment[field];
            return [field, moment ? dayIn(moment, shipment[place]?.timezone) : null];
          }),
        ),
        vesselName: shipment.vesselName ?? '',
        vesselImo: shipment.vesselImo ?? '',
        voyageNumber: shipment.voyageNumber ?? '',
        flightNumber: shipment.flightNumber ?? '',
        billOfLadingNumber: shipment.billOfLadingNumber ?? '',
        airWaybillNumber: shipment.airWaybillNumber ?? '',
        notes: shipment.notes ?? '',
        marks: shipment.marks ?? '',
      }
    : { mode: 'sea', consolidation: 'direct', direction: 'export', loadType: 'fcl', incoterm: null };
  if (shipment) {
    for (const field of placeFields) {
      const place = shipment[field];
      if (place) zones.set(place.code, place.timezone);
    }
  }

  const zoneOf = (field: TPlaceField, values: TShipmentValues) => {
    const code = values[field];
    return code ? (zones.get(code) ?? null) : null;
  };

  /** A day unchanged keeps its time; a new day is midday where the ship or plane is, the same day everywhere near. */
  const momentOf = (field: TMomentField, values: TShipmentValues) => {
    const day = values[field];
    if (!day) return null;
    if (shipment && day === initialValues[field]) return shipment[field];
    return middayIn(day, zoneOf(momentPlaces[field], values));
  };

  const inputOf = (values: TShipmentValues): TShipmentUpdate => {
    const parties: TShipmentParties = {};
    for (const role of shipmentPartyRoles) {
      const organisationId = values[`${role}Id`];
      parties[role] = organisationId ? { organisationId, personId: values[`${role}PersonId`] ?? null } : null;
    }
    const isSea = values.mode === 'sea';
    return {
      direction: values.direction,
      loadType: values.loadType,
      incoterm: values.incoterm ?? null,
      incotermPlace: text(values.incotermPlace),
      parties,
      ...Object.fromEntries(placeFields.map((field) => [field, values[field] ?? null])),
      ...Object.fromEntries(
        (Object.keys(momentPlaces) as TMomentField[]).map((field) => [field, momentOf(field, values)]),
      ),
      vesselName: isSea ? text(values.vesselName) : null,
      vesselImo: isSea ? text(values.vesselImo) : null,
      voyageNumber: isSea ? text(values.voyageNumber) : null,
      flightNumber: isSea ? null : text(values.flightNumber),
      billOfLadingNumber: isSea ? text(values.billOfLadingNumber) : null,
      airWaybillNumber: isSea ? null : text(values.airWaybillNumber),
      notes: text(values.notes),
      marks: text(values.marks),
    };
  };

  const onSubmit = async (values: TShipmentValues) => {
    setFailure(undefined);
    try {
      if (shipment) {
        const changes = changesOf(inputOf(values), inputOf(initialValues));
        if (Object.keys(changes).length === 0) {
          onClose();
          return;
        }
        const saved = await update.mutateAsync({ id: shipment._id, changes });
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
        form.scrollToField(formFieldOf(placed[0]?.field ?? '') as keyof TShipmentValues);
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

  const portKinds = [placeKindOf(mode)];
  const eitherKind: TPortKind[] = ['oceanport', 'airport'];

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
        <FormSection title="Basics">
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
        </FormSection>

        <FormSection title="Parties">
          {shipmentPartyRoles.map((role) => (
            <PartyFields key={role} role={role} shipment={shipment} />
          ))}
        </FormSection>

        <FormSection title="Routing">
          {routingPlacesOf(mode).map(({ field, label, isEitherKind }) => (
            <Col xs={24} md={12} key={field}>
              <Form.Item name={field} label={label}>
                <PlacePicker
                  kinds={isEitherKind ? eitherKind : portKinds}
                  known={shipment?.[field]}
                  zones={zones}
                />
              </Form.Item>
            </Col>
          ))}
        </FormSection>

        <FormSection title="Schedule">
          {(
            [
              ['plannedDeparture', 'Planned departure'],
              ['plannedArrival', 'Planned arrival'],
              ['actualDeparture', 'Actual departure'],
              ['actualArrival', 'Actual arrival'],
            ] as const
          ).map(([field, label]) => (
            <Col xs={24} md={12} key={field}>
              <Form.Item name={field} label={label}>
                <DayPicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </FormSection>

        <FormSection title="Transport">
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
        </FormSection>

        <FormSection title="Notes">
          <Col xs={24} md={12}>
            <Form.Item name="notes" label="Internal notes" extra="Never printed on a document.">
              <Input.TextArea rows={3} maxLength={shipmentRules.notesMax} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="marks" label="Marks and numbers">
              <Input.TextArea rows={3} maxLength={shipmentRules.marksMax} />
            </Form.Item>
          </Col>
        </FormSection>
      </Form>
    </Modal>
  );
};
