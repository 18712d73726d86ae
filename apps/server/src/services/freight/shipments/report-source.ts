import {
  bookingStatuses,
  holdCodes,
  incotermRules,
  operationalStatuses,
  progressRank,
  progressStatuses,
  progressStatusOfCode,
  shipmentDirections,
  shipmentLoadTypes,
  shipmentModes,
  type TProgressStatus,
} from '@cargodesk/shared';
import { eq, sql } from 'drizzle-orm';
import {
  shipmentCargoLines,
  shipmentContainers,
  shipmentEvents,
  shipmentParties,
  shipments,
} from '../../../db/schema/index.ts';
import type { TReportSource } from '../../../platform/data-access/report-sources.ts';
import { contactNameExpression } from '../../contacts/public.ts';
import { freightProduct } from '../routes.ts';

// The company's shipments as a report source (docs/decisions/046-shipments-report-source.md):
// freight writes every expression over its own tables and lends them through public.ts; the
// customer's name is contacts' expression, given the customer's id.

/** A code's step as its rank, in SQL: `case event_code when 'DEPA' then 4 … end`. */
const rankOfCode = sql.join(
  [
    sql`case ${shipmentEvents.eventCode}`,
    ...[...progressStatusOfCode].map(
      ([code, status]) => sql`when ${sql.raw(`'${code}'`)} then ${sql.raw(String(progressRank(status)))}`,
    ),
    sql`end`,
  ],
  sql` `,
);

/** The shipment's actual events that stand: neither a retraction nor retracted (decision 048). */
const standingActual = sql`${shipmentEvents.companyId} = ${shipments.companyId} and ${shipmentEvents.shipmentId} = ${shipments.id}
  and ${shipmentEvents.classifier} = 'ACT' and ${shipmentEvents.retractsEventId} is null
  and not exists (select 1 from shipment_events retraction where retraction.company_id = ${shipmentEvents.companyId} and retraction.retracts_event_id = ${shipmentEvents.id})`;

/** The latest hold or release is a hold; at the same moment a release wins, as milestoneFactsOf has it. */
const isOnHold = sql`coalesce((select ${shipmentEvents.eventCode} = ${holdCodes.hold} from ${shipmentEvents}
  where ${standingActual} and ${shipmentEvents.eventCode} in (${holdCodes.hold}, ${holdCodes.release})
  order by ${shipmentEvents.eventAt} desc, (${shipmentEvents.eventCode} = ${holdCodes.release}) desc limit 1), false)`;

const rankOf = (status: TProgressStatus) => sql.raw(String(progressRank(status)));

/** The furthest step reached, as a rank: the events', the actual dates' and a confirmed booking's. */
const furthestRank = sql`greatest(
  (select max(${rankOfCode}) from ${shipmentEvents} where ${standingActual}),
  case when ${shipments.actualArrival} is not null then ${rankOf('arrived')} end,
  case when ${shipments.actualDeparture} is not null then ${rankOf('departed')} end,
  case when ${shipments.bookingStatus} in ('CONFIRMED', 'PENDING_AMENDMENT') then ${rankOf('booked')} end,
  ${rankOf('draft')})`;

/** The derived status as service.ts's `operationalStatusOf` tells it, in SQL (shipments-status.test.ts). */
const operationalStatus = sql`case
  when ${shipments.bookingStatus} in ('REJECTED', 'DECLINED', 'CANCELLED') then 'cancelled'
  when ${shipments.bookingStatus} = 'COMPLETED' then 'completed'
  when ${isOnHold} then 'on-hold'
  else (array[${sql.raw(progressStatuses.map((status) => `'${status}'`).join(', '))}])[${furthestRank} + 1] end`;

const customerId = sql`(select ${shipmentParties.organisationId} from ${shipmentParties} where ${shipmentParties.companyId} = ${shipments.companyId} and ${shipmentParties.shipmentId} = ${shipments.id} and ${shipmentParties.role} = 'customer')`;

/** A moment's month in UTC, as a date column groups by its UTC day: `2026-03`. */
const monthOf = (moment: typeof shipments.plannedArrival) =>
  sql`to_char(${moment} at time zone 'UTC', 'YYYY-MM')`;

/**
 * Shipments by sea and air, for a company with the Freight product and a caller with
 * shipments:read. The numbers are the shipment's own cargo: a master's houses are rows of their own.
 */
export const shipmentsReportSource: TReportSource = {
  key: 'shipments',
  label: 'Shipments',
  permission: 'shipments:read',
  product: freightProduct,
  from: sql`${shipments}`,
  scope: ({ companyId }) => eq(shipments.companyId, companyId),
  columns: [
    { key: 'reference', label: 'Reference', type: 'text', expression: sql`${shipments.reference}` },
    {
      key: 'mode',
      label: 'Mode',
      type: 'enum',
      values: shipmentModes,
      expression: sql`${shipments.mode}`,
      isGroupable: true,
    },
    {
      key: 'direction',
      label: 'Direction',
      type: 'enum',
      values: shipmentDirections,
      expression: sql`${shipments.direction}`,
      isGroupable: true,
    },
    {
      key: 'loadType',
      label: 'Load',
      type: 'enum',
      values: shipmentLoadTypes,
      valueLabels: { fcl: 'FCL', lcl: 'LCL', uld: 'ULD' },
      expression: sql`${shipments.loadType}`,
      isGroupable: true,
    },
    {
      key: 'bookingStatus',
      label: 'Booking status',
      type: 'enum',
      values: bookingStatuses,
      expression: sql`${shipments.bookingStatus}`,
      isGroupable: true,
    },
    {
      key: 'operationalStatus',
      label: 'Status',
      type: 'enum',
      values: operationalStatuses,
      expression: operationalStatus,
      isGroupable: true,
    },
    {
      key: 'incoterm',
      label: 'Incoterms rule',
      type: 'enum',
      values: incotermRules,
      // The rules' codes are what a forwarder reads, never "Fob".
      valueLabels: Object.fromEntries(incotermRules.map((rule) => [rule, rule])),
      expression: sql`${shipments.incoterm}`,
      isGroupable: true,
    },
    {
      key: 'customer',
      label: 'Customer',
      type: 'text',
      expression: contactNameExpression({ companyId: sql`${shipments.companyId}`, contactId: customerId }),
      isGroupable: true,
    },
    {
      key: 'portOfLoading',
      label: 'Port of loading',
      type: 'text',
      expression: sql`${shipments.portOfLoading}`,
      isGroupable: true,
    },
    {
      key: 'portOfDischarge',
      label: 'Port of discharge',
      type: 'text',
      expression: sql`${shipments.portOfDischarge}`,
      isGroupable: true,
    },
    {
      key: 'plannedDeparture',
      label: 'Planned departure',
      type: 'date',
      expression: sql`${shipments.plannedDeparture}`,
      isGroupable: true,
    },
    {
      key: 'actualDeparture',
      label: 'Actual departure',
      type: 'date',
      expression: sql`${shipments.actualDeparture}`,
      isGroupable: true,
    },
    {
      key: 'plannedArrival',
      label: 'Planned arrival',
      type: 'date',
      expression: sql`${shipments.plannedArrival}`,
      isGroupable: true,
    },
    {
      key: 'actualArrival',
      label: 'Actual arrival',
      type: 'date',
      expression: sql`${shipments.actualArrival}`,
      isGroupable: true,
    },
    // A date groups by its day; the month of arrival is what a forwarder plans capacity by.
    {
      key: 'plannedArrivalMonth',
      label: 'Planned arrival month',
      type: 'text',
      expression: monthOf(shipments.plannedArrival),
      isGroupable: true,
    },
    {
      key: 'billOfLadingNumber',
      label: 'Bill of lading',
      type: 'text',
      expression: sql`${shipments.billOfLadingNumber}`,
    },
    {
      key: 'airWaybillNumber',
      label: 'Air waybill',
      type: 'text',
      expression: sql`${shipments.airWaybillNumber}`,
    },
    {
      key: 'containers',
      label: 'Containers',
      type: 'number',
      expression: sql`(select count(*)::int from ${shipmentContainers} where ${shipmentContainers.companyId} = ${shipments.companyId} and ${shipmentContainers.shipmentId} = ${shipments.id})`,
    },
    {
      key: 'grossWeightKg',
      label: 'Gross weight (kg)',
      type: 'number',
      expression: sql`(select coalesce(sum(${shipmentCargoLines.grossWeightKg}), 0)::float8 from ${shipmentCargoLines} where ${shipmentCargoLines.companyId} = ${shipments.companyId} and ${shipmentCargoLines.shipmentId} = ${shipments.id})`,
    },
    {
      key: 'createdAt',
      label: 'Created',
      type: 'date',
      expression: sql`${shipments.createdAt}`,
      isGroupable: true,
    },
  ],
};
