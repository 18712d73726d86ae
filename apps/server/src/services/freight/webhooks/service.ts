import {
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
  type TWebhookEventType,
  webhookMessages,
  webhookRules,
  type ZWebhookEndpointInput,
  type ZWebhookEndpointUpdate,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../../db/client.ts';
import { listMeta, type TPage } from '../../../db/paging.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import type { TSealer } from '../../../platform/auth/sealed-secrets.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError, fieldError } from '../../../platform/http/errors.ts';
import { assertPublicHost, NonPublicAddressError } from '../../../platform/http/public-addresses.ts';
import * as repository from './repository.ts';
import { createWebhookSecret } from './signing.ts';

// A company's webhook endpoints and their delivery log (docs/decisions/052-webhooks.md). The routes
// need webhooks:write; every one also needs shipments:read, since an endpoint receives the company's
// shipment events and the log holds them: a role that cannot read shipments cannot send them away.

export type TWebhookPolicy = { allowHttp: boolean; allowPrivateAddresses: boolean };

type TEndpointInput = z.output<typeof ZWebhookEndpointInput>;
type TEndpointUpdate = z.output<typeof ZWebhookEndpointUpdate>;

const endpointNotFound = () => new AppError('NOT_FOUND', webhookMessages.endpointNotFound);

const endpointView = (row: repository.TEndpointRow): TWebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  eventTypes: row.eventTypes as TWebhookEventType[],
  description: row.description,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the trail keeps of an endpoint: never its secret. */
const auditedEndpoint = (row: repository.TEndpointRow) => ({
  name: row.url,
  url: row.url,
  eventTypes: row.eventTypes,
  description: row.description,
  isActive: row.isActive,
});

const deliveryView = (
  row: repository.TDeliveryRow,
  attempts: repository.TAttemptRow[],
): TWebhookDelivery => ({
  _id: row.id,
  eventId: row.eventId,
  eventType: row.eventType as TWebhookEventType,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  attemptLog: attempts.map((attempt) => ({
    _id: attempt.id,
    attemptedAt: attempt.attemptedAt.toISOString(),
    durationMs: attempt.durationMs,
    statusCode: attempt.statusCode,
    error: attempt.error,
    isSuccess: attempt.isSuccess,
  })),
  payload: row.payload,
});

/**
 * https only (http when tests allow it), no credentials in the address, and an IP literal must be
 * public. A host name is checked again on every delivery, on the address the socket connects to.
 */
export const assertDeliverableUrl = (value: string, { allowHttp, allowPrivateAddresses }: TWebhookPolicy) => {
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:'))
    throw fieldError('url', webhookMessages.httpsOnly);
  if (url.username || url.password) throw fieldError('url', webhookMessages.noCredentials);
  if (allowPrivateAddresses) return;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  try {
    assertPublicHost(url.hostname);
  } catch (error) {
    if (error instanceof NonPublicAddressError) throw fieldError('url', webhookMessages.privateAddress);
    throw error;
  }
  // A name that only ever means this machine or its network is refused before any look-up.
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.'))
    throw fieldError('url', webhookMessages.privateAddress);
};

export const createWebhooksService = ({
  db,
  sealer,
  policy,
}: {
  db: Db;
  sealer: TSealer;
  policy: TWebhookPolicy;
}) => {
  const assertReadsShipments = (auth: TAuthContext) => {
    if (!auth.permissions.includes('shipments:read'))
      throw new AppError('FORBIDDEN', 'Webhooks send shipment events: this needs shipments:read as well');
  };

  const findEndpoint = async (tx: Queryable, companyId: string, id: string, forUpdate = false) => {
    const row = await repository.findEndpoint(tx, companyId, id, forUpdate);
    if (!row) throw endpointNotFound();
    return row;
  };

  const list = async (auth: TAuthContext) => {
    assertReadsShipments(auth);
    return withTenantRead(db, auth.companyId, async (tx) =>
      (await repository.findEndpoints(tx, auth.companyId)).map(endpointView),
    );
  };

  const create = async (
    auth: TAuthContext,
    actor: TAuditActor,
    input: TEndpointInput,
  ): Promise<TWebhookEndpointWithSecret> => {
    assertReadsShipments(auth);
    assertDeliverableUrl(input.url, policy);
    const secret = createWebhookSecret();
    return withTenant(db, auth.companyId, async (tx) => {
      if ((await repository.countEndpoints(tx, auth.companyId)) >= webhookRules.endpointsPerCompanyMax)
        throw new AppError('CONFLICT', webhookMessages.tooManyEndpoints);
      const row = await repository.insertEndpoint(tx, {
        companyId: auth.companyId,
        id: createId(),
        url: input.url,
        eventTypes: input.eventTypes,
        description: input.description,
        isActive: input.isActive,
        secretSealed: sealer.seal(secret),
        createdBy: auth.userId,
      });
      await auditTrails['webhook-endpoint'](tx, actor, 'create', row.id, { after: auditedEndpoint(row) });
      return { ...endpointView(row), secret };
    });
  };

  const update = async (auth: TAuthContext, actor: TAuditActor, id: string, input: TEndpointUpdate) => {
    assertReadsShipments(auth);
    if (input.url !== undefined) assertDeliverableUrl(input.url, policy);
    return withTenant(db, auth.companyId, async (tx) => {
      const before = await findEndpoint(tx, auth.companyId, id, true);
      const row = await repository.updateEndpoint(tx, auth.companyId, id, {
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.eventTypes === undefined ? {} : { eventTypes: input.eventTypes }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
      });
      await auditTrails['webhook-endpoint'](tx, actor, 'update', id, {
        before: auditedEndpoint(before),
        after: auditedEndpoint(row),
      });
      return endpointView(row);
    });
  };

  /** A new secret, answered once; the old one signs nothing from now on. */
  const rotateSecret = async (
    auth: TAuthContext,
    actor: TAuditActor,
    id: string,
  ): Promise<TWebhookEndpointWithSecret> => {
    assertReadsShipments(auth);
    const secret = createWebhookSecret();
    return withTenant(db, auth.companyId, async (tx) => {
      await findEndpoint(tx, auth.companyId, id, true);
      const row = await repository.updateEndpoint(tx, auth.companyId, id, {
        secretSealed: sealer.seal(secret),
      });
      await auditTrails['webhook-endpoint'](tx, actor, 'update', id, {
        after: { ...auditedEndpoint(row), secretRotated: true },
      });
      return { ...endpointView(row), secret };
    });
  };

  /** Deletes the endpoint with its queue and log: nothing more is sent to it. */
  const remove = async (auth: TAuthContext, actor: TAuditActor, id: string) => {
    assertReadsShipments(auth);
    await withTenant(db, auth.companyId, async (tx) => {
      const before = await findEndpoint(tx, auth.companyId, id, true);
      await repository.deleteEndpoint(tx, auth.companyId, id);
      await auditTrails['webhook-endpoint'](tx, actor, 'delete', id, { before: auditedEndpoint(before) });
    });
  };

  const deliveries = async (auth: TAuthContext, id: string, page: TPage) => {
    assertReadsShipments(auth);
    return withTenantRead(db, auth.companyId, async (tx) => {
      await findEndpoint(tx, auth.companyId, id);
      const { rows, total } = await repository.findDeliveryPage(tx, auth.companyId, id, page);
      const attempts = await repository.findAttempts(
        tx,
        auth.companyId,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) =>
          deliveryView(
            row,
            attempts.filter((attempt) => attempt.deliveryId === row.id),
          ),
        ),
        meta: listMeta(total, page),
      };
    });
  };

  /** Sends a delivery again, under its own id, so a receiver that has it already can tell. */
  const replay = async (auth: TAuthContext, actor: TAuditActor, id: string, deliveryId: string) => {
    assertReadsShipments(auth);
    return withTenant(db, auth.companyId, async (tx) => {
      const endpoint = await findEndpoint(tx, auth.companyId, id);
      const delivery = await repository.findDelivery(tx, auth.companyId, id, deliveryId);
      if (!delivery) throw new AppError('NOT_FOUND', webhookMessages.deliveryNotFound);
      if (delivery.status === 'delivering')
        throw new AppError('CONFLICT', 'This delivery is being sent now: replay it once it is settled');
      const row = await repository.requeueDelivery(tx, auth.companyId, deliveryId);
      await auditTrails['webhook-endpoint'](tx, actor, 'update', id, {
        after: { ...auditedEndpoint(endpoint), replayedDelivery: deliveryId, eventId: delivery.eventId },
      });
      const attempts = await repository.findAttempts(tx, auth.companyId, [deliveryId]);
      return deliveryView(row, attempts);
    });
  };

  return { list, create, update, rotateSecret, remove, deliveries, replay };
};
