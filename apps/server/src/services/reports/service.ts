import {
  reportMessages,
  reportRules,
  type TListMeta,
  type TReportDefinition,
  type TReportResult,
  type TReportScheduleFrequency,
  type TReportSketch,
  type TReportSketchSummary,
  type TReportSourceInfo,
  type ZReportScheduleInput,
  type ZReportSketchCreate,
  type ZReportSketchListQuery,
  type ZReportSketchUpdate,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  type createProductGate,
  findReachableUserIds,
  findUserDisplayNames,
  findUserIdsWithPermission,
} from '../access/public.ts';
import { checkDefinition, readableSources, runReport, type TReportReach } from './query.ts';
import * as repository from './repository.ts';
import { reportCsvChunks, reportExportMaxRows } from './result-batches.ts';
import { nextRunAfter } from './schedule.ts';

// Report sketches: each user's own, or shared with the company. Reading and running needs
// reports:read and the source's own permission; saving, changing, scheduling and deleting need
// reports:write, and only the owner changes, schedules or deletes a sketch. A colleague's private
// sketch is not there at all (404).

const notFound = () => new AppError('NOT_FOUND', reportMessages.notFound);
const notOwner = () => new AppError('FORBIDDEN', reportMessages.notOwner);

const toSummary = (
  row: repository.TSketchRow,
  auth: TAuthContext,
  owners: Map<string, string>,
  pinned: Set<string>,
): TReportSketchSummary => ({
  _id: row.id,
  name: row.name,
  source: row.source,
  chart: row.definition.chart,
  isShared: row.isShared,
  isMine: row.ownerId === auth.userId,
  isPinned: pinned.has(row.id),
  ownerName: owners.get(row.ownerId) ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

const toSchedule = (row: repository.TScheduleRow | undefined) =>
  row
    ? {
        frequency: row.frequency,
        recipientIds: row.recipientIds,
        nextRunAt: row.nextRunAt.toISOString(),
        lastRunAt: row.lastRunAt?.toISOString() ?? null,
      }
    : null;

const auditedOf = (row: { name: string; isShared: boolean; definition: TReportDefinition }) => ({
  name: row.name,
  isShared: row.isShared,
  definition: row.definition,
});

export type TReportsServiceDependencies = {
  db: Db;
  /** The company's products (access's product gate): a product's source exists only for its companies. */
  products: Pick<ReturnType<typeof createProductGate>, 'findProductCodes'>;
};

export const createReportsService = ({ db, products }: TReportsServiceDependencies) => {
  /** Read before a transaction opens: the gate reads in a transaction of its own when it has not kept them. */
  const reachOf = async (auth: TAuthContext): Promise<TReportReach> => ({
    productCodes: await products.findProductCodes(auth.companyId),
  });

  const detailOf = async (
    tx: Queryable,
    auth: TAuthContext,
    row: repository.TSketchRow,
  ): Promise<TReportSketch> => {
    const owners = await findUserDisplayNames(tx, auth.companyId, [row.ownerId]);
    const pinned = await repository.findPinnedIds(tx, auth.companyId, auth.userId, [row.id]);
    // Only the owner sees who gets the mailed copies.
    const schedule =
      row.ownerId === auth.userId ? await repository.findSchedule(tx, auth.companyId, row.id) : undefined;
    return {
      ...toSummary(row, auth, owners, pinned),
      definition: row.definition,
      schedule: toSchedule(schedule),
      createdAt: row.createdAt.toISOString(),
    };
  };

  /** The sketch just written, as the caller sees it. */
  const readDetail = async (tx: Queryable, auth: TAuthContext, id: string) =>
    detailOf(tx, auth, (await repository.findSketch(tx, auth.companyId, id)) as repository.TSketchRow);

  const visibleOrNotFound = async (tx: Queryable, auth: TAuthContext, id: string) => {
    const row = await repository.findVisibleSketch(tx, auth.companyId, auth.userId, id);
    if (!row) throw notFound();
    return row;
  };

  const ownedOrRefused = async (tx: Queryable, auth: TAuthContext, id: string) => {
    const row = await visibleOrNotFound(tx, auth, id);
    if (row.ownerId !== auth.userId) throw notOwner();
    return row;
  };

  const sources = async (auth: TAuthContext): Promise<TReportSourceInfo[]> =>
    readableSources(auth, await reachOf(auth)).map((source) => ({
      key: source.key,
      label: source.label,
      columns: source.columns.map((column) => ({
        key: column.key,
        label: column.label,
        type: column.type,
        ...(column.values ? { values: [...column.values] } : {}),
        ...(column.valueLabels ? { valueLabels: { ...column.valueLabels } } : {}),
        isGroupable: column.isGroupable === true,
      })),
    }));

  const list = (
    auth: TAuthContext,
    query: z.output<typeof ZReportSketchListQuery>,
  ): Promise<{ data: TReportSketchSummary[]; meta: TListMeta }> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const { rows, total } = await repository.findSketchPage(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        q: query.q,
        source: query.source,
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
      });
      const owners = await findUserDisplayNames(
        tx,
        auth.companyId,
        rows.map((row) => row.ownerId),
      );
      const pinned = await repository.findPinnedIds(
        tx,
        auth.companyId,
        auth.userId,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toSummary(row, auth, owners, pinned)),
        meta: { total, page: query.page, pageSize: query.pageSize },
      };
    });

  const pinned = (auth: TAuthContext): Promise<TReportSketchSummary[]> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const rows = (await repository.findPinnedSketches(tx, auth.companyId, auth.userId)).map(
        (row) => row.sketch,
      );
      const owners = await findUserDisplayNames(
        tx,
        auth.companyId,
        rows.map((row) => row.ownerId),
      );
      const ids = new Set(rows.map((row) => row.id));
      return rows.slice(0, reportRules.maxPinned).map((row) => toSummary(row, auth, owners, ids));
    });

  const get = (auth: TAuthContext, id: string) =>
    withTenantRead(db, auth.companyId, async (tx) =>
      detailOf(tx, auth, await visibleOrNotFound(tx, auth, id)),
    );

  const create = async (
    auth: TAuthContext,
    actor: TAuditActor,
    input: z.output<typeof ZReportSketchCreate>,
  ) => {
    // Checked before anything is written: an unknown column is a 400, a source the caller may not read a 403.
    checkDefinition(auth, await reachOf(auth), input.definition);
    return withTenant(db, auth.companyId, async (tx) => {
      const id = createId();
      await repository.insertSketch(tx, {
        companyId: auth.companyId,
        id,
        name: input.name,
        ownerId: auth.userId,
        isShared: input.isShared,
        definition: input.definition,
      });
      await auditTrails['report-sketch'](tx, actor, 'create', id, { after: auditedOf(input) });
      return readDetail(tx, auth, id);
    });
  };

  const update = async (
    auth: TAuthContext,
    actor: TAuditActor,
    id: string,
    input: z.output<typeof ZReportSketchUpdate>,
  ) => {
    if (input.definition) checkDefinition(auth, await reachOf(auth), input.definition);
    return withTenant(db, auth.companyId, async (tx) => {
      const found = await ownedOrRefused(tx, auth, id);
      const change = {
        name: input.name ?? found.name,
        isShared: input.isShared ?? found.isShared,
        definition: input.definition ?? found.definition,
      };
      await repository.updateSketch(tx, auth.companyId, id, change);
      if (found.isShared && !change.isShared)
        await repository.deleteOthersPins(tx, auth.companyId, auth.userId, id);
      await auditTrails['report-sketch'](tx, actor, 'update', id, {
        before: auditedOf(found),
        after: auditedOf(change),
      });
      return readDetail(tx, auth, id);
    });
  };

  const duplicate = (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const found = await visibleOrNotFound(tx, auth, id);
      const copyId = createId();
      // The copy is the caller's, private until they share it.
      const copy = {
        name: `${found.name} (copy)`.slice(0, reportRules.maxNameLength),
        isShared: false,
        definition: found.definition,
      };
      await repository.insertSketch(tx, {
        companyId: auth.companyId,
        id: copyId,
        ownerId: auth.userId,
        ...copy,
      });
      await auditTrails['report-sketch'](tx, actor, 'create', copyId, {
        after: { ...auditedOf(copy), copiedFrom: id },
      });
      return readDetail(tx, auth, copyId);
    });

  const remove = (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const found = await ownedOrRefused(tx, auth, id);
      await repository.deleteSketch(tx, auth.companyId, id);
      await auditTrails['report-sketch'](tx, actor, 'delete', id, { before: auditedOf(found) });
    });

  /** The builder's live result: a definition not saved yet, run as the caller. */
  const run = async (auth: TAuthContext, definition: TReportDefinition): Promise<TReportResult> => {
    const report = checkDefinition(auth, await reachOf(auth), definition);
    return withTenantRead(db, auth.companyId, (tx) => runReport(tx, auth, report));
  };

  const runSaved = async (auth: TAuthContext, id: string): Promise<TReportResult> => {
    const reach = await reachOf(auth);
    return withTenantRead(db, auth.companyId, async (tx) => {
      const found = await visibleOrNotFound(tx, auth, id);
      return runReport(tx, auth, checkDefinition(auth, reach, found.definition));
    });
  };

  /**
   * A saved report's result as CSV, a batch at a time (result-batches.ts). The sketch is found,
   * checked and the export audited before the first line, so a definition gone bad or a source the
   * caller may no longer read answers its status, never a broken download.
   */
  const exportCsv = async (auth: TAuthContext, actor: TAuditActor, id: string) => {
    const reach = await reachOf(auth);
    const { name, report } = await withTenant(db, auth.companyId, async (tx) => {
      const found = await visibleOrNotFound(tx, auth, id);
      const checked = checkDefinition(auth, reach, found.definition);
      await auditTrails['report-sketch'](tx, actor, 'export', id, {
        after: { name: found.name, maxRows: reportExportMaxRows },
      });
      return { name: found.name, report: checked };
    });
    return { name, chunks: reportCsvChunks(db, auth, report, reportExportMaxRows) };
  };

  const pin = (auth: TAuthContext, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      await visibleOrNotFound(tx, auth, id);
      const pinnedIds = await repository.findPinnedIds(tx, auth.companyId, auth.userId);
      if (!pinnedIds.has(id) && pinnedIds.size >= reportRules.maxPinned)
        throw new AppError('CONFLICT', reportMessages.tooManyPins);
      await repository.insertPin(tx, auth.companyId, auth.userId, id);
    });

  const unpin = (auth: TAuthContext, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      await visibleOrNotFound(tx, auth, id);
      await repository.deletePin(tx, auth.companyId, auth.userId, id);
    });

  const setSchedule = async (
    auth: TAuthContext,
    actor: TAuditActor,
    id: string,
    input: z.output<typeof ZReportScheduleInput>,
  ) => {
    const reach = await reachOf(auth);
    return withTenant(db, auth.companyId, async (tx) => {
      const found = await ownedOrRefused(tx, auth, id);
      const recipientIds = [...new Set(input.recipientIds)];
      const reachable = new Set(await findReachableUserIds(tx, auth.companyId, { among: recipientIds }));
      const refuse = (message: string) =>
        new AppError('VALIDATION_FAILED', `Invalid schedule: recipientIds ${message}`, {
          fields: [{ field: 'recipientIds', message }],
        });
      if (recipientIds.some((recipient) => !reachable.has(recipient)))
        throw refuse(reportMessages.recipientNotFound);
      // The mailed CSV is the owner's result: only colleagues who may read the source get it.
      const { permission } = checkDefinition(auth, reach, found.definition).source;
      if (permission) {
        const allowed = new Set(
          await findUserIdsWithPermission(tx, auth.companyId, permission, { among: recipientIds }),
        );
        if (recipientIds.some((recipient) => !allowed.has(recipient)))
          throw refuse(reportMessages.recipientCannotRead(permission));
      }
      const nextRunAt = nextRunAfter(input.frequency as TReportScheduleFrequency, new Date());
      await repository.upsertSchedule(tx, {
        companyId: auth.companyId,
        sketchId: id,
        frequency: input.frequency,
        recipientIds,
        nextRunAt,
      });
      await auditTrails['report-sketch'](tx, actor, 'update', id, {
        after: { schedule: { frequency: input.frequency, recipientIds } },
      });
      return detailOf(tx, auth, found);
    });
  };

  const removeSchedule = (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const found = await ownedOrRefused(tx, auth, id);
      await repository.deleteSchedule(tx, auth.companyId, id);
      await auditTrails['report-sketch'](tx, actor, 'update', id, {
        before: { name: found.name, schedule: true },
        after: { schedule: null },
      });
      return detailOf(tx, auth, found);
    });

  return {
    sources,
    list,
    pinned,
    get,
    create,
    update,
    duplicate,
    remove,
    run,
    runSaved,
    exportCsv,
    pin,
    unpin,
    setSchedule,
    removeSchedule,
  };
};
