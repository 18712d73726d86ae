import type { ZDcsaEventQuery } from '@cargodesk/shared';
import { and, asc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { shipmentEvents, shipments } from '../../../db/schema/index.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { AppError, fieldError } from '../../../platform/http/errors.ts';
import { dcsaEventOf, type TDcsaEvent } from './dcsa-event.ts';

// GET /events (docs/decisions/052-webhooks.md): the company's sea events in DCSA Track & Trace
// 2.2's shape with its filters, oldest recorded first, a page at a time behind a cursor (the last
// event's recording time and id), so a poller that keeps the cursor reads each event once.

type TQuery = z.output<typeof ZDcsaEventQuery>;

// PostgreSQL keeps microseconds and a JS Date milliseconds: the cursor compares what it can carry.
const recordedAtMs = sql`date_trunc('milliseconds', ${shipmentEvents.recordedAt})`;

const encodeCursor = (recordedAt: Date, id: string) =>
  Buffer.from(JSON.stringify([recordedAt.toISOString(), id])).toString('base64url');

const decodeCursor = (cursor: string) => {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const recordedAt = new Date(at);
    if (Number.isNaN(recordedAt.getTime()) || typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id))
      throw new Error();
    return { recordedAt, id };
  } catch {
    throw fieldError('cursor', 'must be a cursor this API answered');
  }
};

export const findDcsaEvents = async (
  db: Db,
  auth: TAuthContext,
  query: TQuery,
): Promise<{ data: TDcsaEvent[]; meta: { limit: number; nextCursor: string | null } }> => {
  const types = query.eventType ?? ['TRANSPORT', 'EQUIPMENT', 'SHIPMENT'];
  // A code filter names events of its own type: with others asked for too, theirs pass unfiltered.
  const codeFilters: [string, string[] | undefined][] = [
    ['TRANSPORT', query.transportEventTypeCode],
    ['EQUIPMENT', query.equipmentEventTypeCode],
    ['SHIPMENT', query.shipmentEventTypeCode],
  ];
  const byType = types.map((type) => {
    const codes = codeFilters.find(([name]) => name === type)?.[1];
    const hasOtherCodeFilter = codeFilters.some(([name, list]) => name !== type && list);
    if (!codes && hasOtherCodeFilter) return undefined;
    return and(
      eq(shipmentEvents.eventType, type),
      codes ? inArray(shipmentEvents.eventCode, codes) : undefined,
    );
  });
  const typeConditions = byType.filter((condition): condition is SQL => condition !== undefined);
  if (typeConditions.length === 0) return { data: [], meta: { limit: query.limit, nextCursor: null } };
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (
    query['eventCreatedDateTime:gte'] &&
    query['eventCreatedDateTime:lte'] &&
    new Date(query['eventCreatedDateTime:gte']) > new Date(query['eventCreatedDateTime:lte'])
  )
    throw new AppError(
      'VALIDATION_FAILED',
      'Invalid query: eventCreatedDateTime:gte is after eventCreatedDateTime:lte',
      {
        fields: [{ field: 'eventCreatedDateTime:gte', message: 'is after eventCreatedDateTime:lte' }],
      },
    );
  return withTenantRead(db, auth.companyId, async (tx) => {
    const rows = await tx
      .select({ event: shipmentEvents, shipment: shipments })
      .from(shipmentEvents)
      .innerJoin(
        shipments,
        and(eq(shipments.companyId, shipmentEvents.companyId), eq(shipments.id, shipmentEvents.shipmentId)),
      )
      .where(
        and(
          eq(shipmentEvents.companyId, auth.companyId),
          or(...typeConditions),
          query.equipmentReference ? eq(shipmentEvents.containerNumber, query.equipmentReference) : undefined,
          query['eventCreatedDateTime:gte']
            ? gte(shipmentEvents.recordedAt, new Date(query['eventCreatedDateTime:gte']))
            : undefined,
          query['eventCreatedDateTime:lte']
            ? lte(shipmentEvents.recordedAt, new Date(query['eventCreatedDateTime:lte']))
            : undefined,
          after
            ? or(
                gt(recordedAtMs, after.recordedAt),
                and(eq(recordedAtMs, after.recordedAt), gt(shipmentEvents.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(recordedAtMs), asc(shipmentEvents.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.flatMap(({ event, shipment }) => dcsaEventOf(event, shipment, null) ?? []),
      meta: {
        limit: query.limit,
        nextCursor:
          rows.length > query.limit && last ? encodeCursor(last.event.recordedAt, last.event.id) : null,
      },
    };
  });
};
