import type { ServerResponse } from 'node:http';
import { notificationStreamEvents, type TNotification } from '@cargodesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TBusEvent, TEventsBus } from '../../platform/events-bus.ts';
import { withTenant } from '../../platform/tenant-transaction.ts';
import { findNewestNotificationId, findNotificationsAfter, type TNotificationRow } from './repository.ts';

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
};

export const defaultStreamHubOptions: TStreamHubOptions = {
  heartbeatMs: 15_000,
  maxStreamMs: 30 * 60_000,
  lookBackMs: 5_000,
};

const zeroId = '00000000-0000-0000-0000-000000000000';
const pageSize = 200;
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

type TConnection = {
  companyId: string;
  userId: string;
  openedAt: number;
  raw: ServerResponse;
  close: () => void;
};

/** The open notification streams of this instance, woken by the events bus (DESIGN §7). */
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

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (now - connection.openedAt >= options.maxStreamMs) connection.close();
      else connection.raw.write(': heartbeat\n\n');
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  /**
   * Serves one stream on `raw` (already hijacked from Fastify): from `lastEventId` when the client
   * resumes, else from now. Resolves once the stream has started.
   */
  const open = async ({
    raw,
    headers,
    companyId,
    userId,
    lastEventId,
  }: {
    raw: ServerResponse;
    headers: Record<string, string | number | string[] | undefined>;
    companyId: string;
    userId: string;
    lastEventId?: string;
  }) => {
    const sent = new Set<string>();
    // Where the stream starts: after what the client says it has, or after the newest
    // notification of now (the client reads those with GET /notifications). Looking back never
    // goes behind it.
    const startFloor =
      lastEventId ??
      (await withTenant(db, companyId, (tx) => findNewestNotificationId(tx, companyId, userId))) ??
      zeroId;
    let cursor = startFloor;
    let isClosed = false;
    let isPumping = false;
    let isPumpAgain = false;

    const write = (chunk: string) => {
      if (isClosed) return;
      raw.write(chunk);
      if (raw.writableLength > maxBufferedBytes) connection.close();
    };

    const send = (row: TNotificationRow) => {
      sent.add(row.id);
      if (row.id > cursor) cursor = row.id;
      // The SSE id is the cursor, never less: a late row sent from behind it must not move the
      // client's Last-Event-ID back, or a reconnect would send again what came in between.
      write(
        formatEvent({
          event: notificationStreamEvents.notification,
          id: cursor,
          data: toNotificationView(row),
        }),
      );
    };

    /** Sends every notification after the cursor (and late ones just behind it) that it has not sent. */
    const pump = async () => {
      if (isPumping) {
        isPumpAgain = true;
        return;
      }
      isPumping = true;
      try {
        do {
          isPumpAgain = false;
          const lookBack = cursor === zeroId ? zeroId : idFloorAt(timeOfId(cursor) - options.lookBackMs);
          let after = lookBack > startFloor ? lookBack : startFloor;
          for (;;) {
            const rows = await withTenant(db, companyId, (tx) =>
              findNotificationsAfter(tx, { companyId, userId, afterId: after, limit: pageSize }),
            );
            if (isClosed) return;
            for (const row of rows) if (!sent.has(row.id)) send(row);
            const last = rows.at(-1);
            if (rows.length < pageSize || !last) break;
            after = last.id;
          }
          for (const id of sent) if (id < lookBack) sent.delete(id);
        } while (isPumpAgain && !isClosed);
      } catch (error) {
        logger.error({ err: error }, 'notification stream: reading notifications failed');
      } finally {
        isPumping = false;
      }
    };

    const onEvent = (event: TBusEvent) => {
      if (event.type === 'notifications') {
        if (event.userId === null || event.userId === userId) void pump();
        return;
      }
      if (event.userId !== userId) return;
      write(
        formatEvent({ event: notificationStreamEvents.changed, data: { ids: event.ids, status: 'loaded' } }),
      );
    };

    const unsubscribe = bus.subscribe(companyId, onEvent);
    const connection: TConnection = {
      companyId,
      userId,
      openedAt: Date.now(),
      raw,
      close: () => {
        if (isClosed) return;
        isClosed = true;
        unsubscribe();
        connections.delete(connection);
        raw.end();
      },
    };
    connections.add(connection);
    raw.on('close', connection.close);

    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies such as nginx must pass events on at once.
      'x-accel-buffering': 'no',
    });
    write(`retry: 2000\n\n`);
    // The client's Last-Event-ID becomes the cursor, so a reconnect right away misses nothing.
    write(
      formatEvent({
        event: notificationStreamEvents.ready,
        id: cursor === zeroId ? undefined : cursor,
        data: { lastEventId: cursor },
      }),
    );
    // Whatever arrived while the client was away (a resume), or since the cursor was read.
    await pump();
  };

  return {
    open,
    size: () => connections.size,
    /** Ends every stream; clients reconnect to another instance. */
    closeAll: () => {
      clearInterval(heartbeat);
      for (const connection of [...connections]) connection.close();
    },
  };
};

export type TStreamHub = ReturnType<typeof createStreamHub>;
