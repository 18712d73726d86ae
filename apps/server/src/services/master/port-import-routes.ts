import { type TPortImport, ZPortImport, ZPortImportApply } from '@cargodesk/shared';
import countryCodes from 'country-codes-list';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { catalogueImports } from '../../db/schema/index.ts';
import { auditActorOf, recordAudit } from '../../platform/audit.ts';
import { requireAuth } from '../../platform/auth-context.ts';
import { AppError } from '../../platform/errors.ts';
import { dataOf, signedInErrors, ZErrorBody } from '../../platform/http.ts';
import { createId } from '../../platform/ids.ts';
import { withTenant } from '../../platform/tenant-transaction.ts';
import {
  applyPortDiff,
  diffPorts,
  parseUnlocodeCsv,
  readCataloguePorts,
  type TPortDiff,
  type TRowProblem,
  unlocodeLimits,
} from './unlocode-import.ts';

// UN/LOCODE imports of the sea-port catalogue (DESIGN §4): upload → reviewed diff → apply or discard.
// The catalogue is shared by every company, so applying writes as the database owner in one
// transaction, together with the import's status and its audit row.

const errors = {
  ...signedInErrors,
  400: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  413: ZErrorBody,
} as const;
const ZImportParams = z.object({ id: z.uuid('must be an import id') }).strict();
const listLimit = 500;

export const importMessages = {
  notFound: 'No such import in your company',
  platformAdminOnly:
    'Applying an import changes the port catalogue every company shares: only a platform administrator of this installation may apply it',
  decided: (status: string) => `This import was already ${status}`,
  stale:
    'The port catalogue changed since this file was checked: upload it again to see the current differences',
  empty: 'Upload the UN/LOCODE CodeList CSV file as the request body',
} as const;

type TImportRow = typeof catalogueImports.$inferSelect;

const catalogueVersion = async (db: Queryable) => {
  const result = await db.execute(
    sql`select coalesce(max(updated_at), 'epoch')::text as version from sea_ports`,
  );
  return String((result as unknown as { rows: { version: string }[] }).rows[0]?.version ?? '');
};

const toImport = (row: TImportRow): TPortImport => {
  const diff = row.diff as TPortDiff;
  const problems = row.problems as TRowProblem[];
  const shown = ({
    code,
    name,
    subdivision,
    status,
    change,
    latitude,
    longitude,
  }: TPortDiff['added'][number]) => ({
    code,
    name,
    subdivision,
    status,
    change,
    latitude,
    longitude,
  });
  return {
    _id: row.id,
    status: row.status,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    summary: {
      added: diff.added.length,
      changed: diff.changed.length,
      retired: diff.retired.length,
      outOfCountry: diff.outOfCountry.length,
      unchanged: diff.unchanged,
      problems: problems.length,
    },
    added: diff.added.slice(0, listLimit).map(shown),
    changed: diff.changed.slice(0, listLimit).map(({ code, fields, before, after }) => ({
      code,
      fields,
      before: { name: before.name, latitude: before.latitude, longitude: before.longitude },
      after: shown(after),
    })),
    retired: diff.retired.slice(0, listLimit).map(({ code, name }) => ({ code, name })),
    outOfCountry: diff.outOfCountry.slice(0, listLimit).map(shown),
    problems: problems.slice(0, listLimit),
  };
};

export const registerPortImportRoutes = async (app: FastifyInstance) => {
  const { db } = app.database;
  const countryNames = new Map(
    countryCodes.all().map((country) => [country.countryCode, country.countryNameEn]),
  );
  // The file arrives as the body, whatever a browser calls a CSV.
  app.addContentTypeParser(
    ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: unlocodeLimits.maxBytes },
    (_request, body, done) => done(null, body),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const readImport = async (tx: Queryable, companyId: string, id: string) => {
    const [row] = await tx
      .select()
      .from(catalogueImports)
      .where(and(eq(catalogueImports.companyId, companyId), eq(catalogueImports.id, id)));
    if (!row) throw new AppError('NOT_FOUND', importMessages.notFound);
    return row;
  };

  routes.post(
    '/oceanport/imports',
    {
      bodyLimit: unlocodeLimits.maxBytes,
      config: { permission: 'ports:write' },
      schema: { response: { 201: dataOf(ZPortImport), ...errors } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new AppError('BAD_REQUEST', importMessages.empty);
      const parsed = parseUnlocodeCsv(new Uint8Array(body.buffer, body.byteOffset, body.length));
      if (!parsed.ok) {
        throw new AppError('VALIDATION_FAILED', parsed.error, {
          problems: parsed.problems.slice(0, listLimit),
        });
      }
      const named =
        request.headers['x-file-name'] ?? (request.query as { fileName?: unknown } | undefined)?.fileName;
      const fileName = (typeof named === 'string' ? named : '').slice(0, 200);
      // The catalogue is global: read it outside the tenant transaction, then store the diff in it.
      const [current, version] = [await readCataloguePorts(db), await catalogueVersion(db)];
      const diff = diffPorts(parsed.ports, current, parsed.countries);
      const row = await withTenant(db, auth.companyId, async (tx) => {
        const id = createId();
        const [inserted] = await tx
          .insert(catalogueImports)
          .values({
            companyId: auth.companyId,
            id,
            kind: 'oceanport',
            fileName,
            catalogueVersion: version,
            diff,
            problems: parsed.problems,
            createdByUserId: auth.userId,
          })
          .returning();
        if (!inserted) throw new Error('The import just written is missing');
        await recordAudit(tx, auditActorOf(request), {
          entityType: 'catalogue-import',
          entityId: id,
          action: 'create',
          after: { fileName, ...toImport(inserted).summary },
        });
        return inserted;
      });
      return reply.status(201).send({ data: toImport(row) });
    },
  );

  routes.get(
    '/oceanport/imports/:id',
    {
      config: { permission: 'ports:write' },
      schema: { params: ZImportParams, response: { 200: dataOf(ZPortImport), ...errors } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await withTenant(db, auth.companyId, (tx) =>
        readImport(tx, auth.companyId, request.params.id),
      );
      return { data: toImport(row) };
    },
  );

  routes.post(
    '/oceanport/imports/:id/apply',
    {
      config: { permission: 'ports:write' },
      schema: {
        params: ZImportParams,
        body: ZPortImportApply,
        response: { 200: dataOf(ZPortImport), ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const actor = auditActorOf(request);
      const row = await withTenant(db, auth.companyId, (tx) =>
        readImport(tx, auth.companyId, request.params.id),
      );
      // The catalogue is shared by every company: a company admin may review a file, not rewrite it for all.
      // A flag the operator set on this very identity account (DESIGN §12), not a match on an e-mail.
      if (!(await app.identity.admin.isPlatformAdmin(auth.user.identityProject, auth.user.identityUid))) {
        throw new AppError('FORBIDDEN', importMessages.platformAdminOnly);
      }
      if (row.status !== 'pending') throw new AppError('CONFLICT', importMessages.decided(row.status));
      if ((await catalogueVersion(db)) !== row.catalogueVersion)
        throw new AppError('CONFLICT', importMessages.stale);
      const keepOutOfCountry = request.body?.keepOutOfCountry ?? false;
      // One owner transaction: the catalogue, the import's status and the audit row commit together.
      await applyPortDiff(db, row.diff as TPortDiff, {
        countryNames,
        keepOutOfCountry,
        onApplied: async (tx) => {
          const changed = await tx
            .update(catalogueImports)
            .set({ status: 'applied', decidedAt: new Date() })
            .where(
              and(
                eq(catalogueImports.companyId, auth.companyId),
                eq(catalogueImports.id, row.id),
                eq(catalogueImports.status, 'pending'),
              ),
            )
            .returning({ id: catalogueImports.id });
          if (changed.length === 0) throw new AppError('CONFLICT', importMessages.decided('decided'));
          await recordAudit(tx, actor, {
            entityType: 'catalogue-import',
            entityId: row.id,
            action: 'update',
            before: { status: 'pending' },
            after: { status: 'applied', keepOutOfCountry, ...toImport(row).summary },
          });
        },
      });
      const applied = await withTenant(db, auth.companyId, (tx) => readImport(tx, auth.companyId, row.id));
      return { data: toImport(applied) };
    },
  );

  routes.delete(
    '/oceanport/imports/:id',
    {
      config: { permission: 'ports:write' },
      schema: { params: ZImportParams, response: { 200: dataOf(ZPortImport), ...errors } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await withTenant(db, auth.companyId, async (tx) => {
        const current = await readImport(tx, auth.companyId, request.params.id);
        if (current.status !== 'pending')
          throw new AppError('CONFLICT', importMessages.decided(current.status));
        const [discarded] = await tx
          .update(catalogueImports)
          .set({ status: 'discarded', decidedAt: new Date() })
          .where(and(eq(catalogueImports.companyId, auth.companyId), eq(catalogueImports.id, current.id)))
          .returning();
        await recordAudit(tx, auditActorOf(request), {
          entityType: 'catalogue-import',
          entityId: current.id,
          action: 'update',
          before: { status: 'pending' },
          after: { status: 'discarded' },
        });
        return discarded ?? current;
      });
      return { data: toImport(row) };
    },
  );
};
