import type { ServerResponse } from 'node:http';
import { type TPublicTracking, trackingStreamEvents } from '@cargodesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TChange, TChangeFeed } from '../../../platform/events/change-feed.ts';
import type { TOpenLink } from './service.ts';

// The tracking page's live stream (docs/decisions/051-shipment-tracking-links.md). Every event
// recorded or retracted and every link revoked writes the shipment's history in its transaction, and
// the audit trigger's notice (migration 0025) reaches every instance through the change feed: a
// company's `audit` change makes this instance read its open links' views again, send those that
// changed, and end the streams whose link no longer works. A link's expiry ends its stream by timer.

export type TTrackingStreamOptions = {
  heartbeatMs: number;
  /** Streams end after this long; the page reconnects, and the link is checked again. */
  maxStreamMs: number;
};

export const defaultTrackingStreamOptions: TTrackingStreamOptions = {
  heartbeatMs: 15_000,
  maxStreamMs: 30 * 60_000,
};

// A reader that takes nothing while this much waits is cut off rather than buffered for.
const maxBufferedBytes = 256 * 1024;

const formatEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

type TConnection = {
  link: TOpenLink;
  openedAt: number;
  /** The view last sent, as text: an audit entry that changed nothing the page shows sends nothing. */
  lastSent: string;
  isClosed: boolean;
  write: (chunk: string) => void;
  /** Tells the page the link stopped working, then ends the stream. */
  end: () => void;
  close: () => void;
};

type TCompanyStreams = { connections: Set<TConnection>; isPending: boolean; isPumping: boolean };

export const createTrackingStreamHub = ({
  changes,
  viewOf,
  logger,
  options,
}: {
  changes: Pick<TChangeFeed, 'subscribe'>;
  viewOf: (link: TOpenLink) => Promise<TPublicTracking | undefined>;
  logger: FastifyBaseLogger;
  options: TTrackingStreamOptions;
}) => {
  const companies = new Map<string, TCompanyStreams>();
  const all = new Set<TConnection>();

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const connection of all) {
      if (now - connection.openedAt >= options.maxStreamMs) connection.close();
      else connection.write(': heartbeat\n\n');
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  /** Sends the view to the streams of one link, or ends them when the link no longer works. */
  const send = (connections: TConnection[], view: TPublicTracking | undefined) => {
    const text = view ? JSON.stringify(view) : '';
    for (const connection of connections) {
      if (connection.isClosed) continue;
      if (!view) {
        connection.end();
        continue;
      }
      if (text === connection.lastSent) continue;
      connection.lastSent = text;
      connection.write(`event: ${trackingStreamEvents.view}\ndata: ${text}\n\n`);
    }
  };

  const refresh = async (connection: TConnection) => {
    if (connection.isClosed) return;
    send([connection], await viewOf(connection.link));
  };

  /**
   * Reads the company's links again, coalescing the notices that arrive meanwhile: once a link
   * however many of its streams are open, so a page opened many times costs one read a notice.
   */
  const pump = async (companyId: string) => {
    const streams = companies.get(companyId);
    if (!streams || streams.isPumping) return;
    streams.isPumping = true;
    try {
      while (streams.isPending && streams.connections.size > 0) {
        streams.isPending = false;
        const byLink = new Map<string, TConnection[]>();
        for (const connection of streams.connections) {
          byLink.set(connection.link.linkId, [...(byLink.get(connection.link.linkId) ?? []), connection]);
        }
        for (const connections of byLink.values()) {
          const [first] = connections;
          if (first) send(connections, await viewOf(first.link));
        }
      }
    } catch (error) {
      logger.error({ err: error }, 'tracking stream: reading a view failed');
    } finally {
      streams.isPumping = false;
    }
  };

  const wake = (companyId: string) => {
    const streams = companies.get(companyId);
    if (!streams) return;
    streams.isPending = true;
    void pump(companyId);
  };

  const unsubscribe = changes.subscribe((change: TChange) => {
    if (change.kind === 'audit') wake(change.companyId);
    else if (change.kind === 'everything') for (const companyId of [...companies.keys()]) wake(companyId);
  });

  /** Serves one stream on `raw` (hijacked from Fastify), starting with the view as it is now. */
  const open = async ({
    raw,
    headers,
    link,
  }: {
    raw: ServerResponse;
    headers: Record<string, string | number | string[] | undefined>;
    link: TOpenLink;
  }) => {
    let expiry: NodeJS.Timeout | undefined;
    const connection: TConnection = {
      link,
      openedAt: Date.now(),
      lastSent: '',
      isClosed: false,
      write: (chunk) => {
        if (connection.isClosed) return;
        raw.write(chunk);
        if (raw.writableLength > maxBufferedBytes) connection.close();
      },
      end: () => {
        connection.write(formatEvent(trackingStreamEvents.ended, {}));
        connection.close();
      },
      close: () => {
        if (connection.isClosed) return;
        connection.isClosed = true;
        clearTimeout(expiry);
        all.delete(connection);
        const streams = companies.get(link.companyId);
        streams?.connections.delete(connection);
        if (streams && streams.connections.size === 0) companies.delete(link.companyId);
        raw.end();
      },
    };
    all.add(connection);
    let streams = companies.get(link.companyId);
    if (!streams) {
      streams = { connections: new Set(), isPending: false, isPumping: false };
      companies.set(link.companyId, streams);
    }
    streams.connections.add(connection);
    raw.on('close', connection.close);
    const untilExpiry = link.expiresAt.getTime() - Date.now();
    if (untilExpiry < options.maxStreamMs) {
      expiry = setTimeout(connection.end, Math.max(0, untilExpiry));
      expiry.unref();
    }

    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // The page reconnects after a dropped connection; an ended link answers 404 and it stops.
    connection.write('retry: 3000\n\n');
    try {
      await refresh(connection);
    } catch (error) {
      logger.error({ err: error }, 'tracking stream: reading a view failed');
      connection.close();
    }
  };

  return {
    open,
    size: () => all.size,
    closeAll: () => {
      clearInterval(heartbeat);
      unsubscribe();
      for (const connection of [...all]) connection.close();
    },
  };
};
