import { PlusOutlined } from '@ant-design/icons';
import {
  bookingStatuses,
  bookingStatusLabels,
  isCalendarDate,
  shipmentDirections,
  type TBookingStatus,
  type TShipmentDirection,
  type TShipmentSummary,
} from '@cargodesk/shared';
import { Button, Select, Space, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClippedText } from '@/components/clipped-text.tsx';
import { DateRangeInputs } from '@/components/date-range-inputs.tsx';
import { ListFilterSelects, labelledOptions, type TListFilter } from '@/components/list-filter-select.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { PageNotFound } from '@/components/page-not-found.tsx';
import { ReadOnlyNotice } from '@/components/read-only-notice.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { SavedFilters } from '@/components/saved-filters.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { freightProductCode, useHasProduct } from '@/lib/auth/products.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import type { TFormatter } from '@/lib/format/formatter.ts';
import { anyText, oneOf } from '@/lib/list/list-url.ts';
import { useDebounced } from '@/lib/list/use-debounced.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import {
  getShipments,
  type TShipmentsQuery,
  useContact,
  useContactOptions,
  useDeleteShipmentFilter,
  usePlaceOptions,
  useSaveShipmentFilter,
  useShipmentFilters,
  useShipments,
} from '../api/shipments.ts';
import { BookingStatusTag } from '../components/booking-status-tag.tsx';
import { ModeTag } from '../components/mode-tag.tsx';
import { ShipmentFormModal } from '../components/shipment-form-modal.tsx';
import { directionLabels, modeLabels, operationalStatusLabels, placeCodeOf } from '../shipment-labels.ts';

type TShipmentFilters = {
  mode: 'sea' | 'air';
  direction: TShipmentDirection;
  bookingStatus: TBookingStatus;
  portOfLoading: string;
  portOfDischarge: string;
  arrivingThisWeek: 'true';
  departingThisWeek: 'true';
  isLate: 'true';
  partyId: string;
  /** Days, YYYY-MM-DD, as the address keeps them; the API is sent their bounds in the user's zone. */
  departureFrom: string;
  departureTo: string;
  arrivalFrom: string;
  arrivalTo: string;
};
type TSortField = 'reference' | 'createdAt' | 'updatedAt' | 'plannedDeparture' | 'plannedArrival';

type TFilterList = ReturnType<typeof useListState<TShipmentFilters, TSortField>>;

// A day or an id from the address only if it is one: startOfDay would throw on 2026-13-45.
const day = (raw: string) => (isCalendarDate(raw) ? raw : undefined);
const id = (raw: string) => (/^[0-9a-f-]{36}$/i.test(raw) ? raw : undefined);

/** The list's state as the API's query: the days become instants, bounded in the user's time zone. */
const shipmentsQueryOf = (
  query: Record<string, unknown>,
  { startOfDay, endOfDay }: Pick<TFormatter, 'startOfDay' | 'endOfDay'>,
): TShipmentsQuery => {
  const { departureFrom, departureTo, arrivalFrom, arrivalTo, ...rest } = query as TShipmentsQuery;
  return {
    ...rest,
    ...(departureFrom ? { departureFrom: startOfDay(departureFrom) } : {}),
    ...(departureTo ? { departureTo: endOfDay(departureTo) } : {}),
    ...(arrivalFrom ? { arrivalFrom: startOfDay(arrivalFrom) } : {}),
    ...(arrivalTo ? { arrivalTo: endOfDay(arrivalTo) } : {}),
  };
};

/** Shipments where a contact holds any role: the contacts searched as one types, its id in the URL. */
const PartyFilter = ({ list }: { list: TFilterList }) => {
  const [search, setSearch] = useState('');
  const contacts = useContactOptions(useDebounced(search, 250));
  const chosenId = list.filters.partyId;
  const chosen = useContact(chosenId);
  const options = [
    ...(chosenId
      ? [
          {
            value: chosenId,
            label: chosen.data?.name ?? (chosen.isError ? 'A contact not found' : 'Loading…'),
          },
        ]
      : []),
    ...(contacts.data ?? [])
      .filter((contact) => contact._id !== chosenId)
      .map((contact) => ({
        value: contact._id,
        label: contact.organisation ? `${contact.name} (${contact.organisation})` : contact.name,
      })),
  ];
  return (
    <Select
      allowClear
      aria-label="Filter by party"
      placeholder="Any party"
      style={{ width: 220 }}
      value={chosenId}
      onChange={(value?: string) => list.setFilter('partyId', value)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={options}
      notFoundContent={contacts.isFetching ? 'Searching…' : 'No contact found'}
    />
  );
};

/** A port or airport filter: the catalogues searched as one types, the chosen code kept in the URL. */
const PlaceFilter = ({
  list,
  name,
  label,
  placeholder,
}: {
  list: TFilterList;
  name: 'portOfLoading' | 'portOfDischarge';
  label: string;
  placeholder: string;
}) => {
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 250);
  const ports = usePlaceOptions('oceanport', q);
  const airports = usePlaceOptions('airport', q);
  const chosen = list.filters[name];
  const seen = new Set<string>();
  const options = [
    ...(chosen ? [{ value: chosen, label: chosen }] : []),
    ...[...(ports.data?.data ?? []), ...(airports.data?.data ?? [])].map((entry) => ({
      value: placeCodeOf(entry),
      label: `${entry.name} (${placeCodeOf(entry)})`,
    })),
  ].filter((option) => {
    if (seen.has(option.value)) return false;
    seen.add(option.value);
    return true;
  });
  return (
    <Select
      allowClear
      aria-label={label}
      placeholder={placeholder}
      style={{ width: 220 }}
      value={chosen}
      onChange={(value?: string) => list.setFilter(name, value)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={options}
      notFoundContent={ports.isFetching || airports.isFetching ? 'Searching…' : 'Nothing found'}
    />
  );
};

/** "Arriving this week", "Departing this week" or "Late": flags of the API, one choice on screen. */
const TimingFilter = ({ list }: { list: TFilterList }) => (
  <Select<'this-week' | 'departing-this-week' | 'late'>
    allowClear
    aria-label="Filter by timing"
    placeholder="Any timing"
    style={{ width: 180 }}
    value={
      list.filters.isLate
        ? 'late'
        : list.filters.arrivingThisWeek
          ? 'this-week'
          : list.filters.departingThisWeek
            ? 'departing-this-week'
            : undefined
    }
    onChange={(value) =>
      list.setFilters({
        arrivingThisWeek: value === 'this-week' ? 'true' : undefined,
        departingThisWeek: value === 'departing-this-week' ? 'true' : undefined,
        isLate: value === 'late' ? 'true' : undefined,
      })
    }
    options={[
      { value: 'this-week', label: 'Arriving this week' },
      { value: 'departing-this-week', label: 'Departing this week' },
      { value: 'late', label: 'Late' },
    ]}
  />
);

const ShipmentsScreen = () => {
  const { formatDate, startOfDay, endOfDay } = useFormat();
  const canWrite = useCan('shipments:write');
  const [isCreating, setIsCreating] = useState(false);
  const list = useListState<TShipmentFilters, TSortField>({
    filters: {
      mode: oneOf(['sea', 'air'] as const),
      direction: oneOf(shipmentDirections),
      bookingStatus: oneOf(bookingStatuses),
      portOfLoading: anyText,
      portOfDischarge: anyText,
      arrivingThisWeek: oneOf(['true'] as const),
      departingThisWeek: oneOf(['true'] as const),
      isLate: oneOf(['true'] as const),
      partyId: id,
      departureFrom: day,
      departureTo: day,
      arrivalFrom: day,
      arrivalTo: day,
    },
    sortFields: ['reference', 'createdAt', 'updatedAt', 'plannedDeparture', 'plannedArrival'],
  });
  const query = shipmentsQueryOf(list.query, { startOfDay, endOfDay });
  const shipments = useShipments(query);
  const savedFilters = {
    filters: useShipmentFilters(),
    save: useSaveShipmentFilter(),
    remove: useDeleteShipmentFilter(),
  };
  const filters: TListFilter<TShipmentFilters>[] = [
    {
      name: 'mode',
      by: 'mode',
      placeholder: 'Sea and air',
      width: 140,
      options: labelledOptions(['sea', 'air'] as const, modeLabels),
    },
    {
      name: 'direction',
      by: 'direction',
      placeholder: 'All directions',
      width: 160,
      options: labelledOptions(shipmentDirections, directionLabels),
    },
    {
      name: 'bookingStatus',
      by: 'booking status',
      placeholder: 'All booking statuses',
      width: 200,
      options: labelledOptions(bookingStatuses, bookingStatusLabels),
    },
  ];

  const when = (iso: string | null) => iso && <time dateTime={iso}>{formatDate(iso)}</time>;
  const columns: TableProps<TShipmentSummary>['columns'] = [
    {
      key: 'reference',
      title: 'Reference',
      sorter: true,
      render: (_, shipment) => (
        <Space direction="vertical" size={0}>
          <Link to={paths.shipmentDetail.href({ id: shipment._id })} className="one-line">
            {shipment.reference}
          </Link>
          <Typography.Text type="secondary" className="one-line">
            {directionLabels[shipment.direction]}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'mode', title: 'Mode', width: 90, render: (_, shipment) => <ModeTag mode={shipment.mode} /> },
    {
      key: 'customer',
      title: 'Customer',
      render: (_, shipment) =>
        shipment.customer && <ClippedText text={shipment.customer.name} maxWidth="14rem" />,
    },
    {
      key: 'route',
      title: 'Loading → discharge',
      render: (_, shipment) =>
        (shipment.portOfLoading || shipment.portOfDischarge) && (
          <span className="one-line">
            {shipment.portOfLoading ?? '—'} → {shipment.portOfDischarge ?? '—'}
          </span>
        ),
    },
    {
      key: 'plannedDeparture',
      title: 'ETD',
      sorter: true,
      width: 120,
      render: (_, shipment) => when(shipment.actualDeparture ?? shipment.plannedDeparture),
    },
    {
      key: 'plannedArrival',
      title: 'ETA',
      sorter: true,
      width: 150,
      render: (_, shipment) => {
        const arrival = shipment.actualArrival ?? shipment.plannedArrival;
        if (!arrival && !shipment.isLate) return null;
        return (
          <Space size={4} wrap={false}>
            {when(arrival)}
            {shipment.isLate && <Tag color="red">Late</Tag>}
          </Space>
        );
      },
    },
    {
      key: 'bookingStatus',
      title: 'Booking',
      width: 150,
      render: (_, shipment) => <BookingStatusTag status={shipment.bookingStatus} />,
    },
    {
      key: 'operationalStatus',
      title: 'Status',
      width: 110,
      render: (_, shipment) => operationalStatusLabels[shipment.operationalStatus],
    },
  ];

  return (
    <>
      <ListPage<TShipmentSummary, TShipmentFilters, TSortField>
        title="Shipments"
        intro={
          <>
            <p>Your company’s sea and air shipments, from booking to delivery.</p>
            {!canWrite && <ReadOnlyNotice what="the company's shipments" permission="shipments:write" />}
          </>
        }
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
              New shipment
            </Button>
          )
        }
        search={{
          label: 'Search shipments',
          placeholder: 'Reference, party, bill or air waybill number',
          regionLabel: 'Find shipments',
          width: 340,
        }}
        filters={
          <>
            <ListFilterSelects list={list} filters={filters} />
            <PlaceFilter
              list={list}
              name="portOfLoading"
              label="Filter by port or airport of loading"
              placeholder="Any loading place"
            />
            <PlaceFilter
              list={list}
              name="portOfDischarge"
              label="Filter by port or airport of discharge"
              placeholder="Any discharge place"
            />
            <SavedFilters
              store={savedFilters}
              sharePermission="shipments:write"
              formName="save-shipment-filter"
              query={list.query}
              isFiltered={list.isFiltered}
              onApply={list.applyQuery}
            />
            <TimingFilter list={list} />
            <PartyFilter list={list} />
            <DateRangeInputs
              label="Departure"
              from={list.filters.departureFrom}
              to={list.filters.departureTo}
              onChange={(range) =>
                list.setFilters('from' in range ? { departureFrom: range.from } : { departureTo: range.to })
              }
            />
            <DateRangeInputs
              label="Arrival"
              from={list.filters.arrivalFrom}
              to={list.filters.arrivalTo}
              onChange={(range) =>
                list.setFilters('from' in range ? { arrivalFrom: range.from } : { arrivalTo: range.to })
              }
            />
          </>
        }
        list={list}
        query={shipments}
        columns={columns}
        tableMinWidth={1100}
        noun={{ one: 'shipment', other: 'shipments' }}
        empty={{
          unfiltered: canWrite
            ? 'No shipments yet. Create the first with New shipment.'
            : 'No shipments yet.',
        }}
        notAllowed={{ what: 'the shipments of your company' }}
        export={{
          fileName: 'shipments.csv',
          fetchPage: (page) => getShipments({ ...query, ...page }),
          columns: [
            { title: 'Reference', value: (row) => row.reference },
            { title: 'Mode', value: (row) => modeLabels[row.mode] },
            { title: 'Direction', value: (row) => directionLabels[row.direction] },
            { title: 'Customer', value: (row) => row.customer?.name ?? '' },
            { title: 'Loading', value: (row) => row.portOfLoading ?? '' },
            { title: 'Discharge', value: (row) => row.portOfDischarge ?? '' },
            { title: 'Planned departure', value: (row) => row.plannedDeparture ?? '' },
            { title: 'Planned arrival', value: (row) => row.plannedArrival ?? '' },
            { title: 'Booking status', value: (row) => bookingStatusLabels[row.bookingStatus] },
            { title: 'Status', value: (row) => operationalStatusLabels[row.operationalStatus] },
            { title: 'Bill of lading', value: (row) => row.billOfLadingNumber ?? '' },
            { title: 'Air waybill', value: (row) => row.airWaybillNumber ?? '' },
          ],
        }}
      />
      {isCreating && <ShipmentFormModal onClose={() => setIsCreating(false)} />}
    </>
  );
};

/** /shipments: the company's sea and air shipments, searched, filtered, sorted and exported. */
export const ShipmentsRoute = () => {
  // Without the Freight product the screen does not exist, as its routes do not.
  if (!useHasProduct(freightProductCode)) return <PageNotFound />;
  return (
    <RequirePermission permission="shipments:read" title="Shipments" what="the shipments of your company">
      <ShipmentsScreen />
    </RequirePermission>
  );
};
