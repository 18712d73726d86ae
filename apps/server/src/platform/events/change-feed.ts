import type { FastifyInstance } from 'fastify';
import { changesChannel } from '../../db/client.ts';

/**
 * What the change triggers (migrations 0024–0026) announce: a company's callers may have changed
 * (`access`), its audit trail (`audit`) or its own ports and favourites (`ports`), a port catalogue
 * changed (`catalogue`), or anything may have (`everything`: a TRUNCATE, or notices lost while the LISTEN connection was down).
 */
export type TChange =
  | { kind: 'access'; companyId: string }
  | { kind: 'audit'; companyId: string }
  | { kind: 'ports'; companyId: string }
  | { kind: 'catalogue'; table: string }
  | { kind: 'everything' };

export type TChangeFeed = {
  subscribe: (handler: (change: TChange) => void) => () => void;
  /**
   * Whether notices are being heard right now. Caches serve from memory only while it is true:
   * before the LISTEN starts and while its connection is down, every request reads the database.
   */
  isLive: () => boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    changes: TChangeFeed;
  }
}

export const parseChange = (payload: string): TChange | undefined => {
  const separator = payload.indexOf(':');
  const kind = payload.slice(0, separator);
  const key = payload.slice(separator + 1);
  if ((kind === 'access' || kind === 'audit' || kind === 'ports') && key) return { kind, companyId: key };
  if (kind === 'catalogue' && key) return { kind, table: key };
  if (kind === 'everything') return { kind };
  return undefined;
};

/**
 * Decorates `app.changes` (docs/decisions/007-request-pipeline.md): the in-memory caches of this
 * instance hear every committed change to what they hold, from this instance or any other.
 */
export const registerChangeFeed = (app: FastifyInstance) => {
  const log = app.log.child({ module: 'changes' });
  const handlers = new Set<(change: TChange) => void>();
  let isListening = false;
  let stopListening: (() => Promise<void>) | undefined;

  const deliver = (change: TChange) => {
    for (const handler of [...handlers]) {
      try {
        handler(change);
      } catch (error) {
        log.error({ err: error }, 'change feed: a handler failed');
      }
    }
  };
  const dispatch = (payload: string) => {
    const change = parseChange(payload);
    if (change) deliver(change);
    else log.warn({ payload: payload.slice(0, 200) }, 'change feed: unreadable payload');
  };
  // PostgreSQL: pooled connections hear their own commits' notices before the commit returns.
  const stopWatching = app.database.watchChanges?.(dispatch);

  app.addHook('onReady', async () => {
    stopListening = await app.database.listen(changesChannel, dispatch, {
      onDisconnect: () => {
        isListening = false;
        deliver({ kind: 'everything' });
      },
      onReconnect: () => {
        // Notices sent meanwhile are lost: whatever was cached is read again.
        deliver({ kind: 'everything' });
        isListening = true;
      },
    });
    isListening = true;
  });
  app.addHook('preClose', async () => {
    isListening = false;
    stopWatching?.();
    await stopListening?.();
    stopListening = undefined;
  });

  app.decorate('changes', {
    subscribe: (handler) => {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    isLive: () => isListening,
  } satisfies TChangeFeed);
};
