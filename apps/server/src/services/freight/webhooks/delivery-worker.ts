import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { executeRows } from '../../../db/driver.ts';
import type { TSealer } from '../../../platform/auth/sealed-secrets.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { postJson, type TPostOutcome } from './outbound-post.ts';
import { signedHeaders } from './signing.ts';

// Sends the webhook outbox (docs/decisions/052-webhooks.md), as the mail worker sends mails: each
// delivery is claimed with FOR UPDATE SKIP LOCKED and a lease, so any number of workers in any
// number of processes share the queue, and a process killed mid-send leaves the delivery to be
// claimed again when its lease runs out. Delivery is at least once; `Webhook-Id` lets the receiver
// drop a second copy. An endpoint has one delivery in flight at a time, and the worker runs several
// at once (`slots`), so a slow endpoint holds one slot for at most the timeout and nobody else's.
// The worker reads and writes as the tables' owner: its claim spans every company.

export type TWebhookWorkerOptions = {
  timeoutMs: number;
  retryBaseMs: number;
  retryCapMs: number;
  maxAttempts: number;
  slots: number;
  pollMs: number;
  allowPrivateAddresses: boolean;
};

type TClaimed = {
  company_id: string;
  id: string;
  attempts: number;
  payload: Record<string, unknown>;
  locked_until: string;
  url: string;
  secret_sealed: string;
};

const milliseconds = (value: number) => sql`${value}::double precision * interval '1 millisecond'`;

/**
 * The oldest due delivery whose endpoint has none in flight. The endpoint row is locked with it,
 * skipping a locked one, so two workers claiming at once never take two deliveries of one endpoint:
 * the second either skips the endpoint or, once the first has committed, sees its delivery in flight.
 */
const claimNext = (db: Db, leaseMs: number) =>
  db.transaction(async (tx) => {
    const [due] = await executeRows<{ company_id: string; id: string }>(
      tx,
      sql`select d.company_id, d.id from webhook_deliveries d
        join webhook_endpoints e on e.company_id = d.company_id and e.id = d.endpoint_id
        where e.is_active
          and ((d.status = 'queued' and d.next_attempt_at <= now())
            or (d.status = 'delivering' and d.locked_until < now()))
          and not exists (select 1 from webhook_deliveries busy
            where busy.company_id = d.company_id and busy.endpoint_id = d.endpoint_id
              and busy.status = 'delivering' and busy.locked_until >= now())
        order by d.next_attempt_at
        limit 1
        for update of d, e skip locked`,
    );
    if (!due) return undefined;
    const [claimed] = await executeRows<TClaimed>(
      tx,
      sql`update webhook_deliveries d set status = 'delivering', attempts = d.attempts + 1,
          locked_until = date_trunc('milliseconds', now() + ${milliseconds(leaseMs)})
        from webhook_endpoints e
        where d.company_id = ${due.company_id} and d.id = ${due.id}
          and e.company_id = d.company_id and e.id = d.endpoint_id
        returning d.company_id, d.id, d.attempts, d.payload, d.locked_until::text as locked_until,
          e.url, e.secret_sealed`,
    );
    return claimed;
  });

const describeError = (error: unknown) =>
  (error instanceof Error ? error.message || error.name : String(error)).slice(0, 2000);

export const createWebhookWorker = ({
  db,
  sealer,
  logger,
  options,
}: {
  db: Db;
  sealer: TSealer;
  logger: FastifyBaseLogger;
  options: TWebhookWorkerOptions;
}) => {
  // A live worker's lease must outlast its send, or another would take the delivery mid-send; the
  // margin covers the settling transaction. Short, so a killed process's delivery is soon taken again.
  const leaseMs = options.timeoutMs + Math.min(30_000, Math.max(1000, options.timeoutMs));
  let isStopped = true;
  let inFlight = 0;
  let isClaiming = false;
  let timer: NodeJS.Timeout | undefined;
  const sending = new Set<Promise<void>>();

  const attempt = async (claimed: TClaimed): Promise<TPostOutcome> => {
    let secret: string;
    try {
      secret = sealer.open(claimed.secret_sealed);
    } catch (error) {
      return { statusCode: null, error: `The endpoint's secret cannot be read: ${describeError(error)}` };
    }
    const body = JSON.stringify(claimed.payload);
    const headers = signedHeaders({ id: claimed.id, timestamp: Math.floor(Date.now() / 1000), body, secret });
    return postJson(claimed.url, body, headers, options);
  };

  const deliver = async (claimed: TClaimed) => {
    const startedAt = performance.now();
    const outcome = await attempt(claimed);
    const durationMs = Math.round(performance.now() - startedAt);
    const isSuccess = outcome.error === null;
    const isGivenUp = !isSuccess && claimed.attempts >= options.maxAttempts;
    const delayMs = Math.min(options.retryCapMs, options.retryBaseMs * 2 ** (claimed.attempts - 1));
    const status = isSuccess ? 'delivered' : isGivenUp ? 'failed' : 'queued';
    await db.transaction(async (tx) => {
      // Only while our lease holds: a worker that overran it must not overwrite the next claim.
      const settled = await executeRows(
        tx,
        sql`update webhook_deliveries set status = ${status}, locked_until = null,
            last_status_code = ${outcome.statusCode}, last_error = ${outcome.error},
            delivered_at = case when ${isSuccess} then now() else delivered_at end,
            next_attempt_at = case when ${status} = 'queued' then now() + ${milliseconds(delayMs)}
              else next_attempt_at end
          where company_id = ${claimed.company_id} and id = ${claimed.id}
            and status = 'delivering' and locked_until = ${claimed.locked_until}::timestamptz
          returning id`,
      );
      if (settled.length === 0) {
        logger.warn({ deliveryId: claimed.id }, 'webhook lease expired before its delivery settled');
        return;
      }
      await executeRows(
        tx,
        sql`insert into webhook_delivery_attempts
            (company_id, id, delivery_id, duration_ms, status_code, error, is_success)
          values (${claimed.company_id}, ${createId()}, ${claimed.id}, ${durationMs}, ${outcome.statusCode},
            ${outcome.error}, ${isSuccess})`,
      );
    });
    const log = { deliveryId: claimed.id, attempts: claimed.attempts, statusCode: outcome.statusCode };
    if (isSuccess) logger.info(log, 'webhook delivered');
    else if (isGivenUp) logger.error({ ...log, error: outcome.error }, 'webhook failed: giving up');
    else logger.warn({ ...log, delayMs, error: outcome.error }, 'webhook delivery failed');
  };

  /** Claims while a slot is free, each delivery running on its own. */
  const fill = async () => {
    if (isClaiming || isStopped) return;
    isClaiming = true;
    try {
      while (!isStopped && inFlight < options.slots) {
        const claimed = await claimNext(db, leaseMs);
        if (!claimed) break;
        inFlight += 1;
        const running: Promise<void> = deliver(claimed)
          .catch((error: unknown) =>
            logger.error(
              { err: error, deliveryId: claimed.id },
              'webhook worker: could not settle a delivery',
            ),
          )
          .finally(() => {
            inFlight -= 1;
            sending.delete(running);
            void fill();
          });
        sending.add(running);
      }
    } catch (error) {
      logger.error({ err: error }, 'webhook worker: database error, retrying later');
    } finally {
      isClaiming = false;
    }
  };

  const tick = () => {
    timer = undefined;
    if (isStopped) return;
    void fill().finally(() => {
      if (isStopped) return;
      timer = setTimeout(tick, options.pollMs);
      timer.unref();
    });
  };

  return {
    start: () => {
      if (!isStopped) return;
      isStopped = false;
      tick();
    },
    /** Lets the deliveries in hand settle, then stops; the rest stay queued for the next start. */
    stop: async () => {
      isStopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...sending]);
    },
    wake: () => void fill(),
  };
};
