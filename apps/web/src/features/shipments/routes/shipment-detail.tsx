import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import {
  bookingStatusLabels,
  bookingTransitionsFrom,
  incoterms,
  shipmentPartyRoles,
  type TBookingStatus,
  type TShipment,
  type TShipmentLocation,
} from '@cargodesk/shared';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { HistoryList } from '@/components/history/history-drawer.tsx';
import { PageNotFound } from '@/components/page-not-found.tsx';
import { ReadOnlyNotice } from '@/components/read-only-notice.tsx';
import { RecordPlaceholder } from '@/components/record-placeholder.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { freightProductCode, useHasProduct } from '@/lib/auth/products.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useMoveBooking, useShipment } from '../api/shipments.ts';
import { BookingStatusTag } from '../components/booking-status-tag.tsx';
import { CargoTab, cargoTabLabel } from '../components/cargo-tab.tsx';
import { ChargesTab } from '../components/charges-tab.tsx';
import { Consolidation } from '../components/consolidation.tsx';
import { DocumentsTab } from '../components/documents-tab.tsx';
import { MilestonesTab } from '../components/milestones-tab.tsx';
import { ModeTag } from '../components/mode-tag.tsx';
import { ShipmentFormModal } from '../components/shipment-form-modal.tsx';
import {
  directionLabels,
  isFinalMove,
  loadTypeLabels,
  operationalStatusLabels,
  partyRoleLabels,
  routingPlacesOf,
} from '../shipment-labels.ts';

const BackToShipments = () => (
  <Link to={paths.shipments.href()}>
    <ArrowLeftOutlined /> Shipments
  </Link>
);

/** A moment as the place's clock shows it, the place's code beside it. */
const PlaceTime = ({ iso, place }: { iso: string | null; place: TShipmentLocation | null }) => {
  const { formatDateTimeIn } = useFormat();
  if (!iso) return '—';
  return (
    <span>
      <time dateTime={iso}>{formatDateTimeIn(iso, place?.timezone)}</time>
      {place?.timezone && <Typography.Text type="secondary"> local time {place.code}</Typography.Text>}
    </span>
  );
};

/** The booking's moves DCSA Booking 2.0 allows from its status; a final one asks first. */
const BookingActions = ({ shipment }: { shipment: TShipment }) => {
  const move = useMoveBooking();
  const [refusal, setRefusal] = useState<string>();
  const moves = bookingTransitionsFrom(shipment.bookingStatus).filter((transition) =>
    shipment.bookingMoves.includes(transition.to),
  );
  if (moves.length === 0) return null;
  const run = (to: TBookingStatus) => {
    setRefusal(undefined);
    move.mutate(
      { id: shipment._id, status: to },
      {
        onSuccess: (moved) =>
          notifySuccess(`Booking of ${moved.reference}: ${bookingStatusLabels[moved.bookingStatus]}`),
        onError: (error) => setRefusal(toErrorMessage(error)),
      },
    );
  };
  return (
    <section aria-label="Booking" style={{ marginBottom: 16 }}>
      <Flex wrap gap="small">
        {moves.map((transition) =>
          isFinalMove(transition.to) ? (
            <Popconfirm
              key={transition.to}
              title={`${transition.action}?`}
              description={`The booking becomes ${bookingStatusLabels[transition.to].toLowerCase()}, and that is final.`}
              okText={transition.action}
              okButtonProps={{ danger: transition.to !== 'COMPLETED', loading: move.isPending }}
              onConfirm={() => run(transition.to)}
            >
              <Button danger={transition.to !== 'COMPLETED'} disabled={move.isPending}>
                {transition.action}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              key={transition.to}
              type={transition.to === 'CONFIRMED' ? 'primary' : 'default'}
              loading={move.isPending && move.variables?.status === transition.to}
              disabled={move.isPending}
              onClick={() => run(transition.to)}
            >
              {transition.action}
            </Button>
          ),
        )}
      </Flex>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 12 }} />}
    </section>
  );
};

const Overview = ({ shipment }: { shipment: TShipment }) => {
  const isSea = shipment.mode === 'sea';
  return (
    <Descriptions
      column={{ xs: 1, sm: 1, md: 2 }}
      size="small"
      items={[
        { key: 'reference', label: 'Reference', children: shipment.reference },
        { key: 'mode', label: 'Mode', children: <ModeTag mode={shipment.mode} /> },
        { key: 'direction', label: 'Direction', children: directionLabels[shipment.direction] },
        { key: 'load', label: 'Load', children: loadTypeLabels[shipment.loadType] },
        {
          key: 'booking',
          label: 'Booking status',
          children: <BookingStatusTag status={shipment.bookingStatus} />,
        },
        { key: 'status', label: 'Status', children: operationalStatusLabels[shipment.operationalStatus] },
        {
          key: 'incoterm',
          label: 'Incoterms rule',
          children: shipment.incoterm
            ? `${shipment.incoterm} – ${incoterms[shipment.incoterm].name}${shipment.incotermPlace ? `, ${shipment.incotermPlace}` : ''}`
            : '—',
        },
        ...(isSea
          ? [
              {
                key: 'vessel',
                label: 'Vessel and voyage',
                children:
                  [shipment.vesselName, shipment.vesselImo, shipment.voyageNumber]
                    .filter(Boolean)
                    .join(' · ') || '—',
              },
              { key: 'bl', label: 'Bill of lading', children: shipment.billOfLadingNumber ?? '—' },
            ]
          : [
              { key: 'flight', label: 'Flight', children: shipment.flightNumber ?? '—' },
              { key: 'awb', label: 'Air waybill', children: shipment.airWaybillNumber ?? '—' },
            ]),
        {
          key: 'plannedDeparture',
          label: 'Planned departure',
          children: <PlaceTime iso={shipment.plannedDeparture} place={shipment.portOfLoading} />,
        },
        {
          key: 'plannedArrival',
          label: 'Planned arrival',
          children: (
            <Space size={4} wrap>
              <PlaceTime iso={shipment.plannedArrival} place={shipment.portOfDischarge} />
              {shipment.isLate && <Typography.Text type="danger">Late</Typography.Text>}
            </Space>
          ),
        },
        {
          key: 'actualDeparture',
          label: 'Departed',
          children: <PlaceTime iso={shipment.actualDeparture} place={shipment.portOfLoading} />,
        },
        {
          key: 'actualArrival',
          label: 'Arrived',
          children: <PlaceTime iso={shipment.actualArrival} place={shipment.portOfDischarge} />,
        },
        {
          key: 'marks',
          label: 'Marks and numbers',
          span: 'filled',
          children: <MultilineText text={shipment.marks} />,
        },
        {
          key: 'notes',
          label: 'Internal notes',
          span: 'filled',
          children: <MultilineText text={shipment.notes} />,
        },
      ]}
    />
  );
};

/** Text as it was typed, its line breaks kept; a dash when there is none. */
const MultilineText = ({ text }: { text: string | null }) =>
  text ? <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</span> : '—';

const Parties = ({ shipment }: { shipment: TShipment }) => (
  <Descriptions
    column={1}
    size="small"
    items={shipmentPartyRoles.map((role) => {
      const party = shipment.parties[role];
      return {
        key: role,
        label: partyRoleLabels[role],
        children: party ? (
          <span>
            <Link to={paths.contactDetail.href({ id: party.organisation._id })}>
              {party.organisation.name}
            </Link>
            {party.person && (
              <>
                {', '}
                <Link to={paths.contactDetail.href({ id: party.person._id })}>{party.person.name}</Link>
              </>
            )}
          </span>
        ) : (
          '—'
        ),
      };
    })}
  />
);

const Routing = ({ shipment }: { shipment: TShipment }) => (
  <Descriptions
    column={1}
    size="small"
    items={routingPlacesOf(shipment.mode).map(({ field, label }) => {
      const place = shipment[field];
      return {
        key: field,
        label,
        children: place ? `${place.code} – ${place.name}, ${place.countryCode}` : '—',
      };
    })}
  />
);

const ShipmentScreen = () => {
  const { id = '' } = useParams();
  const canWrite = useCan('shipments:write');
  const canReadHistory = useCan('audit:read');
  const canReadCharges = useCan('charges:read');
  const shipment = useShipment(id);
  const [isEditing, setIsEditing] = useState(false);

  if (shipment.isPending || shipment.isError)
    return (
      <RecordPlaceholder
        error={shipment.error}
        noun="shipment"
        missingText="This shipment does not exist in your company."
        missingStatuses={[400, 404]}
        back={<BackToShipments />}
      />
    );
  const shown = shipment.data;
  return (
    <Card>
      <BackToShipments />
      <Flex justify="space-between" align="center" wrap gap="small" style={{ margin: '12px 0 16px' }}>
        <Space wrap align="center">
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {shown.reference}
          </Typography.Title>
          <BookingStatusTag status={shown.bookingStatus} />
        </Space>
        {canWrite && (
          <Button icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
            Edit
          </Button>
        )}
      </Flex>
      {canWrite ? (
        <BookingActions shipment={shown} />
      ) : (
        <ReadOnlyNotice what="this shipment" permission="shipments:write" />
      )}
      <Tabs
        items={[
          {
            key: 'overview',
            label: 'Overview',
            children: (
              <>
                <Overview shipment={shown} />
                <Consolidation shipment={shown} />
              </>
            ),
          },
          { key: 'parties', label: 'Parties', children: <Parties shipment={shown} /> },
          { key: 'routing', label: 'Routing', children: <Routing shipment={shown} /> },
          { key: 'milestones', label: 'Milestones', children: <MilestonesTab shipment={shown} /> },
          { key: 'cargo', label: cargoTabLabel(shown.mode), children: <CargoTab shipment={shown} /> },
          ...(canReadCharges
            ? [{ key: 'charges', label: 'Charges', children: <ChargesTab shipment={shown} /> }]
            : []),
          { key: 'documents', label: 'Documents', children: <DocumentsTab shipment={shown} /> },
          ...(canReadHistory
            ? [
                {
                  key: 'history',
                  label: 'History',
                  children: <HistoryList entityType="shipment" entityId={shown._id} />,
                },
              ]
            : []),
        ]}
        destroyOnHidden
      />
      {isEditing && <ShipmentFormModal shipment={shown} onClose={() => setIsEditing(false)} />}
    </Card>
  );
};

/** /shipments/{id}: a shipment's overview, parties, routing, milestones and history, and its booking's moves. */
export const ShipmentDetailRoute = () => {
  if (!useHasProduct(freightProductCode)) return <PageNotFound />;
  return (
    <RequirePermission permission="shipments:read" title="Shipment" what="the shipments of your company">
      <ShipmentScreen />
    </RequirePermission>
  );
};
