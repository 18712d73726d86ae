import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { companies, webhookDeliveries, webhookEndpoints } from '../src/db/schema/index.ts';
import { createSealer } from '../src/platform/auth/sealed-secrets.ts';
import { getOrCreateSecret } from '../src/platform/auth/secrets.ts';
import { createId } from '../src/platform/data-access/ids.ts';
import { webhookSecretKeyName } from '../src/services/freight/webhooks/plugin.ts';
import { isSignedBy, startReceiver } from '../src/services/freight/webhooks/webhook-test-receiver.ts';
import { freePort, type ServerProcess, spawnServer, stopServer, waitForStart } from './server-process.ts';

// The webhook outbox survives a kill -9: a real server process is killed while it has a delivery
// in flight and more queued, and the next start sends every one (at least once, the same id each
// time), as the mail outbox does. Deliveries are written straight to the stopped server's database,
// as a recorded event's transaction writes them.

const secret = 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';

describe('webhook delivery across a kill -9', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-webhooks-'));
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map(stopServer));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no queued or in-flight delivery when the server is killed and started again', {
    timeout: 240_000,
  }, async () => {
    let isHanging = true;
    // The first request hangs until the process that sent it is gone; later ones are answered.
    const receiver = await startReceiver((_request, response) => {
      if (isHanging) return;
      response.writeHead(200).end();
    });
    const environment = {
      DATA_DIR: dataDir,
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_BASE_MS: '50',
      // One slot: the hanging delivery holds the worker while the others wait queued.
      WEBHOOK_WORKER_SLOTS: '1',
    };
    try {
      // A first start creates the database and the demo company; a clean stop frees the data dir.
      const setup = spawnServer({ ...environment, PORT: String(await freePort()) });
      started.push(setup);
      await waitForStart(setup);
      expect(await stopServer(setup)).toBe(0);

      const database = await openDatabase({
        kind: 'pglite',
        dataDir: loadConfig({ DATA_DIR: dataDir }).dataDir,
      });
      const deliveryIds = Array.from({ length: 5 }, () => createId());
      try {
        const { db } = database;
        const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
        if (!company) throw new Error('no demo company');
        const sealer = createSealer(await getOrCreateSecret(db, webhookSecretKeyName));
        const endpointId = createId();
        await db.insert(webhookEndpoints).values({
          companyId: company.id,
          id: endpointId,
          url: receiver.url,
          eventTypes: ['TRANSPORT'],
          secretSealed: sealer.seal(secret),
        });
        await db.insert(webhookDeliveries).values(
          deliveryIds.map((id, index) => ({
            companyId: company.id,
            id,
            endpointId,
            eventId: createId(),
            eventType: 'TRANSPORT',
            payload: { eventType: 'TRANSPORT', transportEventTypeCode: 'DEPA', sequence: index },
            // Oldest first, so the first one is the delivery in flight at the kill.
            nextAttemptAt: new Date(Date.now() - 60_000 + index),
          })),
        );
      } finally {
        await database.close();
      }

      const doomed = spawnServer({ ...environment, PORT: String(await freePort()) });
      started.push(doomed);
      await waitForStart(doomed);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 30_000, interval: 50 });
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      isHanging = false;

      const restarted = spawnServer({ ...environment, PORT: String(await freePort()) });
      started.push(restarted);
      await waitForStart(restarted);
      await vi.waitFor(
        () => {
          const ids = new Set(receiver.received.map((request) => String(request.headers['webhook-id'])));
          expect([...deliveryIds].filter((id) => !ids.has(id))).toEqual([]);
        },
        { timeout: 60_000, interval: 100 },
      );
      expect(receiver.received.every((request) => isSignedBy(request, secret))).toBe(true);
      // The one in flight at the kill came again under its own id: the receiver can drop the copy.
      expect(receiver.received[0]?.headers['webhook-id']).toBe(deliveryIds[0]);
      expect(await stopServer(restarted)).toBe(0);

      const after = await openDatabase({
        kind: 'pglite',
        dataDir: loadConfig({ DATA_DIR: dataDir }).dataDir,
      });
      try {
        const rows = await after.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries);
        expect(rows.map((row) => row.status)).toEqual(deliveryIds.map(() => 'delivered'));
      } finally {
        await after.close();
      }
    } finally {
      await receiver.close();
    }
  });
});
