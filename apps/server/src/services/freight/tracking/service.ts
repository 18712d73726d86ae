import {
  type TCreatedTrackingLink,
  type TPublicTracking,
  type TShipmentTimeline,
  type TTrackingLink,
  trackingLinkRules,
  trackingMessages,
  type ZTrackingLinkInput,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../../db/client.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import { findCompanyNames } from '../../access/public.ts';
import * as cargoRepository from '../cargo/repository.ts';
import * as shipmentsRepository from '../shipments/repository.ts';
import * as repository from './repository.ts';
import { createTrackingToken, isSameTrackingSecret, parseTrackingToken } from './token.ts';

// A shipment's tracking links (docs/decisions/051-shipment-tracking-links.md): shared and revoked by
// the team, audited in the shipment's history; opened by anyone holding the token, who sees only
// the public view built here field by field, never a row or the team's timeline passed through.

type TLinkInput = z.output<typeof ZTrackingLinkInput>;

const dayMs = 24 * 60 * 60 * 1000;

export const trackingPagePath = (token: string) => `/track/${token}`;

const stateOf = (row: repository.TTrackingLinkRow, now: Date): TTrackingLink['state'] =>
  row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active';

const linkView = (row: repository.TTrackingLinkRow, now = new Date()): TTrackingLink => ({
  _id: row.id,
  label: row.label,
  state: stateOf(row, now),
  createdAt: row.createdAt.toISOString(),
  createdBy: { _id: row.createdBy, email: row.createdByEmail },
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** What the shipment's history says of a link: never its token or hash. */
const auditedLink = (row: repository.TTrackingLinkRow) => ({
  name: row.label ? `Tracking link “${row.label}”` : 'Tracking link',
  linkId: row.id,
  expiresAt: row.expiresAt.toISOString(),
});

const moment = (step: { eventAt: string; timezone: string | null } | null) =>
  step ? { at: step.eventAt, timezone: step.timezone } : null;

/** The customer's view of a timeline: steps with their times and places, no ids, notes or people. */
export const publicMilestonesOf = (timeline: TShipmentTimeline): TPublicTracking['milestones'] =>
  timeline.steps.map((step) => ({
    status: step.status,
    label: step.label,
    place: step.place,
    planned: moment(step.planned),
    estimated: moment(step.estimated),
    actual: moment(step.actual),
  }));

const expectedArrivalOf = (milestones: TPublicTracking['milestones']): TPublicTracking['expectedArrival'] => {
  const arrival = milestones.find((step) => step.status === 'arrived');
  if (arrival?.actual) return { ...arrival.actual, kind: 'actual' };
  if (arrival?.estimated) return { ...arrival.estimated, kind: 'estimated' };
  if (arrival?.planned) return { ...arrival.planned, kind: 'planned' };
  return null;
};

export type TTrackingServiceDependencies = {
  db: Db;
  timelineIn: (tx: Queryable, companyId: string, shipmentId: string) => Promise<TShipmentTimeline>;
  lookupsPerIp: TRateLimit;
  /** Whether the company still has the Freight product: a link of a company without it is gone. */
  hasFreight: (companyId: string) => Promise<boolean>;
};

export type TOpenLink = { companyId: string; linkId: string; shipmentId: string; expiresAt: Date };

export const createTrackingService = ({
  db,
  timelineIn,
  lookupsPerIp,
  hasFreight,
}: TTrackingServiceDependencies) => {
  const shipmentNotFound = () => new AppError('NOT_FOUND', 'No such shipment in your company');
  const linkGone = () => new AppError('NOT_FOUND', trackingMessages.notFound);

  const assertShipment = async (tx: Queryable, companyId: string, shipmentId: string, forUpdate = false) => {
    const shipment = await shipmentsRepository.findShipment(tx, companyId, shipmentId, { forUpdate });
    if (!shipment) throw shipmentNotFound();
    return shipment;
  };

  const list = (auth: TAuthContext, shipmentId: string): Promise<TTrackingLink[]> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      await assertShipment(tx, auth.companyId, shipmentId);
      const now = new Date();
      return (await repository.findLinks(tx, auth.companyId, shipmentId)).map((row) => linkView(row, now));
    });

  const create = (
    auth: TAuthContext,
    actor: TAuditActor,
    shipmentId: string,
    input: TLinkInput,
  ): Promise<TCreatedTrackingLink> =>
    withTenant(db, auth.companyId, async (tx) => {
      // Locked, so the count of its links holds until this one is written.
      await assertShipment(tx, auth.companyId, shipmentId, true);
      if (
        (await repository.countLinks(tx, auth.companyId, shipmentId)) >= trackingLinkRules.linksPerShipmentMax
      )
        throw new AppError('CONFLICT', trackingMessages.tooManyLinks);
      const id = createId();
      const { token, secretHash } = createTrackingToken({ companyId: auth.companyId, linkId: id });
      const row = await repository.insertLink(tx, {
        companyId: auth.companyId,
        id,
        shipmentId,
        secretHash,
        label: input.label || null,
        expiresAt: new Date(Date.now() + input.expiresInDays * dayMs),
        createdBy: auth.userId,
        createdByEmail: auth.user.email,
      });
      await auditTrails.shipment(tx, actor, 'update', shipmentId, {
        after: { sharedTrackingLink: auditedLink(row) },
      });
      return { ...linkView(row), token, path: trackingPagePath(token) };
    });

  const revoke = (
    auth: TAuthContext,
    actor: TAuditActor,
    shipmentId: string,
    linkId: string,
  ): Promise<TTrackingLink> =>
    withTenant(db, auth.companyId, async (tx) => {
      await assertShipment(tx, auth.companyId, shipmentId, true);
      const found = await repository.findLink(tx, auth.companyId, linkId);
      if (!found || found.shipmentId !== shipmentId)
        throw new AppError('NOT_FOUND', trackingMessages.linkNotFound);
      // Revoking again changes nothing and says so once: the first revocation's time stands.
      if (found.revokedAt) return linkView(found);
      const row = await repository.revokeLink(tx, auth.companyId, shipmentId, linkId, new Date());
      if (!row) throw new AppError('NOT_FOUND', trackingMessages.linkNotFound);
      // The audit entry's commit is also what tells open tracking streams, on any instance, to end.
      await auditTrails.shipment(tx, actor, 'update', shipmentId, {
        after: { revokedTrackingLink: auditedLink(row) },
      });
      return linkView(row);
    });

  /**
   * The link a token opens, while it works; undefined for a token that names no link, a wrong
   * secret, an expired or revoked link, or a company without Freight: callers answer them alike.
   */
  const findOpenLink = async (token: string): Promise<TOpenLink | undefined> => {
    const presented = parseTrackingToken(token);
    if (!presented) return undefined;
    const row = await withTenantRead(db, presented.companyId, (tx) =>
      repository.findLink(tx, presented.companyId, presented.linkId),
    );
    if (!row || !isSameTrackingSecret(row.secretHash, presented.secretHash)) return undefined;
    if (row.revokedAt || row.expiresAt <= new Date()) return undefined;
    if (!(await hasFreight(presented.companyId))) return undefined;
    return { companyId: row.companyId, linkId: row.id, shipmentId: row.shipmentId, expiresAt: row.expiresAt };
  };

  /** The public view of an open link, read again (a link revoked meanwhile reads as gone). */
  const viewOf = (link: TOpenLink): Promise<TPublicTracking | undefined> =>
    withTenantRead(db, link.companyId, async (tx) => {
      const row = await repository.findLink(tx, link.companyId, link.linkId);
      if (!row || row.revokedAt || row.expiresAt <= new Date()) return undefined;
      const shipment = await shipmentsRepository.findShipment(tx, link.companyId, link.shipmentId);
      if (!shipment) return undefined;
      const timeline = await timelineIn(tx, link.companyId, link.shipmentId);
      const containers = await cargoRepository.findContainers(tx, link.companyId, [link.shipmentId]);
      const names = await findCompanyNames(tx, [link.companyId]);
      const milestones = publicMilestonesOf(timeline);
      return {
        company: { name: names.get(link.companyId) ?? '' },
        shipment: {
          reference: shipment.reference,
          mode: shipment.mode === 'air' ? 'air' : 'sea',
          origin: milestones.find((step) => step.status === 'departed')?.place ?? null,
          destination: milestones.find((step) => step.status === 'arrived')?.place ?? null,
        },
        containers: containers.map((container) => ({
          number: container.number,
          sizeType: container.sizeType,
        })),
        milestones,
        expectedArrival: expectedArrivalOf(milestones),
        linkExpiresAt: row.expiresAt.toISOString(),
      };
    });

  /** Counts the address's request before anything is read, as every open credential lookup does. */
  const countLookup = async (ip: string) => {
    const verdict = await lookupsPerIp.consume(ip);
    if (!verdict.isAllowed)
      throw new AppError('RATE_LIMITED', trackingMessages.tooManyLookups, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
  };

  /** GET /tracking/:token: one 404 for every way a token can fail. */
  const read = async (token: string, ip: string): Promise<TPublicTracking> => {
    await countLookup(ip);
    const link = await findOpenLink(token);
    const view = link && (await viewOf(link));
    if (!view) throw linkGone();
    return view;
  };

  /** The open link behind a stream about to start, after the same count and checks as a read. */
  const openForStream = async (token: string, ip: string): Promise<TOpenLink> => {
    await countLookup(ip);
    const link = await findOpenLink(token);
    if (!link) throw linkGone();
    return link;
  };

  return { list, create, revoke, read, openForStream, viewOf };
};

export type TTrackingService = ReturnType<typeof createTrackingService>;
