import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../db/client.ts';

/**
 * Realtime events between instances (docs/architecture.md and docs/operations.md). Publishing runs `pg_notify` in the caller's
 * transaction, so an event is delivered only if, and right after, the change it announces commits.
 * Every instance LISTENs on one channel: on a PostgreSQL server that reaches every process on the
 * database; with PGlite (one process) the same statements fan out in-process.
 */
export type TBusEvent =
  /** Notifications for one user, or for everyone in the company when `userId` is null. */
  | { type: 'notifications'; companyId: string; userId: string | null }
  /** Notifications changed status (opened, marked read). */
  | { type: 'notifications-changed'; companyId: string; userId: string; ids: string[] | null }
  /**
   * App sessions ended (sign-out, revocation, suspension): the sessions `sessionIds` of `userId`,
   * every session of `userId` when `sessionIds` is null, or of the whole company when `userId` is null.
   */
  | { type: 'sessions-ended'; companyId: string; userId: string | null; sessionIds: string[] | null };

export type TEventsBus = {
  /** Sends `event` when `db` commits (at once when `db` is no transaction). */
  publish: (db: Queryable, event: TBusEvent) => Promise<void>;
  /** Calls `handler` for every event of `companyId`; returns the unsubscribe. */
  subscribe: (companyId: string, handler: (event: TBusEvent) => void) => () => void;
  /** How many handlers are subscribed (for the bench and tests). */
  size: () => number;
};

export const eventsChannel = 'cargodesk_events';

// NOTIFY payloads are capped at 8000 bytes; events carry ids, never content.
const maxPayloadBytes = 7900;

declare module 'fastify' {
  interface FastifyInstance {
    events: TEventsBus;
  }
}

export const createEventsBus = (database: Database, logger: FastifyBaseLogger) => {
  const byCompany = new Map<string, Set<(event: TBusEvent) => void>>();
  let stopListening: (() => Promise<void>) | undefined;

  const dispatch = (payload: string) => {
    let event: TBusEvent;
    try {
      event = JSON.parse(payload) as TBusEvent;
    } catch {
      logger.warn({ payload: payload.slice(0, 200) }, 'events bus: unreadable payload');
      return;
    }
    const handlers = byCompany.get(event.companyId);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        handler(event);
      } catch (error) {
        logger.error({ err: error }, 'events bus: a handler failed');
      }
    }
  };

  const bus: TEventsBus = {
    publish: async (db, event) => {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > maxPayloadBytes && event.type === 'notifications-changed') {
        // Too many ids to name: subscribers reload instead.
        payload = JSON.stringify({ ...event, ids: null });
      }
      if (Buffer.byteLength(payload) > maxPayloadBytes && event.type === 'sessions-ended') {
        // Too many sessions to name: every session of the user (or company) ends on the streams.
        payload = JSON.stringify({ ...event, sessionIds: null });
      }
      await db.execute(sql`select pg_notify(${eventsChannel}, ${payload})`);
    },
    subscribe: (companyId, handler) => {
      let handlers = byCompany.get(companyId);
      if (!handlers) {
        handlers = new Set();
        byCompany.set(companyId, handlers);
      }
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0 && byCompany.get(companyId) === handlers) byCompany.delete(companyId);
      };
    },
    size: () => [...byCompany.values()].reduce((sum, handlers) => sum + handlers.size, 0),
  };

  return {
    bus,
    start: async () => {
      stopListening = await database.listen(eventsChannel, dispatch, {
        // Events sent while the LISTEN connection was down are gone: every stream reads again.
        onReconnect: () => {
          logger.warn('events bus: LISTEN connection restored; waking every stream');
          for (const companyId of [...byCompany.keys()]) {
            dispatch(JSON.stringify({ type: 'notifications', companyId, userId: null }));
          }
        },
      });
    },
    stop: async () => {
      await stopListening?.();
      stopListening = undefined;
    },
  };
};

/** Decorates `app.events`; the LISTEN starts when the app is ready and ends before the database closes. */
export const registerEventsBus = (app: FastifyInstance) => {
  const { bus, start, stop } = createEventsBus(app.database, app.log.child({ module: 'events' }));
  app.decorate('events', bus);
  app.addHook('onReady', start);
  app.addHook('preClose', stop);
};
