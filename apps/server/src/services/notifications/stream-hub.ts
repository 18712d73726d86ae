import type { ServerResponse } from 'node:http';
import { notificationStreamEvents, type TNotification } from '@cargodesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../platform/data-access/tenant-transaction.ts';
import type { TBusEvent, TEventsBus } from '../../platform/events/events-bus.ts';
import {
  findLiveSessionIds,
  findNewestNotificationId,
  findNotificationsOfUsersAfter,
  type TNotificationRow,
} from './repository.ts';

export type TStreamHubOptions = {
  /** A comment line this often keeps proxies and the client's idle timers from closing the stream. */
  heartbeatMs: number;
  /** Streams end after this long; the client reconnects with a fresh token and its Last-Event-ID. */
  maxStreamMs: number;
  /**
   * Ids are made by the app before their transaction commits, so on a busy system a notification
   * can become visible after one with a later id. Each read looks back this far behind the cursor
   * and skips what it already sent.
   */
  lookBackMs: number;
  /**
   * How often each stream's session is read again. Ending a session closes its streams at once
   * through the events bus; this catches what no event announced: an event lost while the LISTEN
   * connection was down, a session that expired, a company suspended by the operator.
   */
  sessionCheckMs: number;
};

export const defaultStreamHubOptions: TStreamHubOptions = {
  heartbeatMs: 15_000,
  maxStreamMs: 30 * 60_000,
  lookBackMs: 5_000,
  sessionCheckMs: 60_000,
};

const zeroId = '00000000-0000-0000-0000-000000000000';
const pageSize = 500;
// A client that reads nothing while this much waits for it is cut off rather than buffered for.
const maxBufferedBytes = 1024 * 1024;

/** The smallest UUID v7 made at `timeMs`: ids compare as their timestamps first. */
export const idFloorAt = (timeMs: number) => {
  const hex = Math.max(0, Math.floor(timeMs)).toString(16).padStart(12, '0').slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
};

/** The time a UUID v7 was made at. */
export const timeOfId = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);

export const toNotificationView = (row: TNotificationRow): TNotification => ({
  _id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

const formatEvent = ({ event, id, data }: { event: string; id?: string; data: unknown }) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** One open stream: where it stands and what it sent lately. */
type TConnection = {
  companyId: string;
  userId: string;
  /** The app session that opened the stream: the stream ends with it. */
  sessionId: string;
  openedAt: number;
  raw: ServerResponse;
  /** Never at or before this: what the client had when it (re)connected. */
  startFloor: string;
  /** The newest id sent; also the SSE id, so Last-Event-ID never moves back. */
  cursor: string;
  /** Ids sent within the look-back window, so a late row is sent once. */
  sent: Set<string>;
  isClosed: boolean;
  write: (chunk: string) => void;
  close: () => void;
};

/** Streams of one company on this instance, read together: one query serves them all. */
type TCompanyStreams = {
  connections: Set<TConnection>;
  unsubscribe: () => void;
  /** Users whose streams must read; null means all of them. */
  pending: Set<string> | null | undefined;
  isPumping: boolean;
};

/** The open notification streams of this instance, woken by the events bus (docs/architecture.md). */
export const createStreamHub = ({
  db,
  bus,
  logger,
  options,
}: {
  db: Db;
  bus: TEventsBus;
  logger: FastifyBaseLogger;
  options: TStreamHubOptions;
}) => {
  const connections = new Set<TConnection>();
  const companies = new Map<string, TCompanyStreams>();

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (now - connection.openedAt >= options.maxStreamMs) connection.close();
      else connection.write(': heartbeat\n\n');
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  /** Closes every stream whose session is no longer live, company by company. */
  const checkSessions = async () => {
    for (const [companyId, streams] of [...companies]) {
      const open = [...streams.connections];
      try {
        const live = await withTenant(db, companyId, (tx) =>
          findLiveSessionIds(tx, companyId, [...new Set(open.map((connection) => connection.sessionId))]),
        );
        for (const connection of open) if (!live.has(connection.sessionId)) connection.close();
      } catch (error) {
        logger.error({ err: error }, 'notification stream: checking sessions failed');
      }
    }
  };
  let isCheckingSessions = false;
  const sessionCheck = setInterval(() => {
    if (isCheckingSessions) return;
    isCheckingSessions = true;
    void checkSessions().finally(() => {
      isCheckingSessions = false;
    });
  }, options.sessionCheckMs);
  sessionCheck.unref();

  /** Where a connection's next read starts: a little behind its cursor, never behind its start. */
  const floorOf = (connection: TConnection) => {
    const lookBack =
      connection.cursor === zeroId ? zeroId : idFloorAt(timeOfId(connection.cursor) - options.lookBackMs);
    return lookBack > connection.startFloor ? lookBack : connection.startFloor;
  };

  const deliver = (connection: TConnection, row: TNotificationRow) => {
    if (connection.isClosed || connection.sent.has(row.id) || row.id <= connection.startFloor) return;
    connection.sent.add(row.id);
    if (row.id > connection.cursor) connection.cursor = row.id;
    // The SSE id is the cursor, never less: a late row sent from behind it must not move the
    // client's Last-Event-ID back, or a reconnect would send again what came in between.
    connection.write(
      formatEvent({
        event: notificationStreamEvents.notification,
        id: connection.cursor,
        data: toNotificationView(row),
      }),
    );
  };

  /** Reads what `targets` have not been sent, in one query per page, and hands each its rows. */
  const readFor = async (companyId: string, targets: TConnection[]) => {
    const live = targets.filter((connection) => !connection.isClosed);
    if (live.length === 0) return;
    const floors = new Map(live.map((connection) => [connection, floorOf(connection)]));
    let after = [...floors.values()].reduce((lowest, floor) => (floor < lowest ? floor : lowest));
    const userIds = [...new Set(live.map((connection) => connection.userId))];
    for (;;) {
      const rows = await withTenant(db, companyId, (tx) =>
        findNotificationsOfUsersAfter(tx, { companyId, userIds, afterId: after, limit: pageSize }),
      );
      for (const row of rows) {
        for (const connection of live) {
          if (connection.userId === row.userId && row.id > (floors.get(connection) ?? zeroId)) {
            deliver(connection, row);
          }
        }
      }
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) break;
      after = last.id;
    }
    for (const connection of live) {
      const floor = floors.get(connection) ?? zeroId;
      for (const id of connection.sent) if (id < floor) connection.sent.delete(id);
    }
  };

  /** Serves the company's pending wake-ups, coalescing the ones that arrive meanwhile. */
  const pumpCompany = async (companyId: string) => {
    const streams = companies.get(companyId);
    if (!streams || streams.isPumping) return;
    streams.isPumping = true;
    try {
      while (streams.pending !== undefined && streams.connections.size > 0) {
        const pending = streams.pending;
        streams.pending = undefined;
        const targets = [...streams.connections].filter(
          (connection) => pending === null || pending.has(connection.userId),
        );
        await readFor(companyId, targets);
      }
    } catch (error) {
      logger.error({ err: error }, 'notification stream: reading notifications failed');
    } finally {
      streams.isPumping = false;
    }
  };

  const wake = (companyId: string, userId: string | null) => {
    const streams = companies.get(companyId);
    if (!streams) return;
    if (userId === null || streams.pending === null) {
      streams.pending = null;
    } else {
      const pending = streams.pending ?? new Set<string>();
      pending.add(userId);
      streams.pending = pending;
    }
    void pumpCompany(companyId);
  };

  const onEvent = (companyId: string) => (event: TBusEvent) => {
    if (event.type === 'notifications') {
      wake(companyId, event.userId);
      return;
    }
    const streams = companies.get(companyId);
    if (event.type === 'sessions-ended') {
      const { userId, sessionIds } = event;
      for (const connection of [...(streams?.connections ?? [])]) {
        if (userId !== null && connection.userId !== userId) continue;
        if (sessionIds !== null && !sessionIds.includes(connection.sessionId)) continue;
        connection.close();
      }
      return;
    }
    for (const connection of streams?.connections ?? []) {
      if (connection.userId !== event.userId) continue;
      connection.write(
        formatEvent({ event: notificationStreamEvents.changed, data: { ids: event.ids, status: 'loaded' } }),
      );
    }
  };

  /**
   * Serves one stream on `raw` (already hijacked from Fastify): from `lastEventId` when the client
   * resumes, else from now. Resolves once the stream has started.
   */
  const open = async ({
    raw,
    headers,
    companyId,
    userId,
    sessionId,
    lastEventId,
  }: {
    raw: ServerResponse;
    headers: Record<string, string | number | string[] | undefined>;
    companyId: string;
    userId: string;
    sessionId: string;
    lastEventId?: string;
  }) => {
    // Where the stream starts: after what the client says it has, or after the newest
    // notification of now (the client reads those with GET /notifications).
    const startFloor =
      lastEventId ??
      (await withTenant(db, companyId, (tx) => findNewestNotificationId(tx, companyId, userId))) ??
      zeroId;

    const connection: TConnection = {
      companyId,
      userId,
      sessionId,
      openedAt: Date.now(),
      raw,
      startFloor,
      cursor: startFloor,
      sent: new Set(),
      isClosed: false,
      write: (chunk) => {
        if (connection.isClosed) return;
        raw.write(chunk);
        if (raw.writableLength > maxBufferedBytes) connection.close();
      },
      close: () => {
        if (connection.isClosed) return;
        connection.isClosed = true;
        connections.delete(connection);
        const streams = companies.get(companyId);
        streams?.connections.delete(connection);
        if (streams && streams.connections.size === 0) {
          streams.unsubscribe();
          companies.delete(companyId);
        }
        raw.end();
      },
    };
    connections.add(connection);
    let streams = companies.get(companyId);
    if (!streams) {
      streams = { connections: new Set(), unsubscribe: () => {}, pending: undefined, isPumping: false };
      companies.set(companyId, streams);
      streams.unsubscribe = bus.subscribe(companyId, onEvent(companyId));
    }
    streams.connections.add(connection);
    raw.on('close', connection.close);

    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies such as nginx must pass events on at once.
      'x-accel-buffering': 'no',
    });
    connection.write('retry: 2000\n\n');
    // The client's Last-Event-ID becomes the cursor, so a reconnect right away misses nothing.
    connection.write(
      formatEvent({
        event: notificationStreamEvents.ready,
        id: startFloor === zeroId ? undefined : startFloor,
        data: { lastEventId: startFloor },
      }),
    );
    try {
      // A session that ended between the sign-in check and the subscription was announced to no
      // one here: read it once more now that later announcements reach this stream.
      const live = await withTenant(db, companyId, (tx) => findLiveSessionIds(tx, companyId, [sessionId]));
      if (!live.has(sessionId)) {
        connection.close();
        return;
      }
      // Whatever arrived while the client was away (a resume), or since the start was read.
      await readFor(companyId, [connection]);
    } catch (error) {
      logger.error({ err: error }, 'notification stream: reading notifications failed');
    }
  };

  return {
    open,
    size: () => connections.size,
    /** Ends every stream; clients reconnect to another instance. */
    closeAll: () => {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      for (const connection of [...connections]) connection.close();
    },
  };
};

export type TStreamHub = ReturnType<typeof createStreamHub>;
