import {
  type TAuditEntityType,
  type TCompanyListQuery,
  type TPermission,
  ZBusinessType,
  ZBusinessTypeInput,
  ZBusinessTypeUpdate,
  ZCompanyListQuery,
  ZReceivingLocation,
  ZReceivingLocationInput,
  ZReceivingLocationUpdate,
} from '@cargodesk/shared';
import countryCodes from 'country-codes-list';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { businessTypes, receivingLocations } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { auditActorOf, recordAudit } from '../../platform/audit.ts';
import { requireAuth } from '../../platform/auth-context.ts';
import { AppError } from '../../platform/errors.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../platform/http.ts';
import { createId } from '../../platform/ids.ts';
import { readSort } from '../../platform/list-sort.ts';
import { withTenant } from '../../platform/tenant-transaction.ts';

// Business types (/type) and receiving locations (/receivinglocation): the same company CRUD over
// two tables. Business types are picklist-like (picklists:read/write); receiving locations are
// places, with the ports (ports:read/write).

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
const ZIdParams = z.object({ id: z.uuid('must be an id') }).strict();
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
const knownCountries = new Set(countryCodes.all().map((country) => country.countryCode));

type TTable = typeof businessTypes | typeof receivingLocations;
type TResource = {
  path: string;
  table: TTable;
  entityType: TAuditEntityType;
  permissions: { read: TPermission; write: TPermission };
  schema: z.ZodType;
  input: z.ZodType;
  update: z.ZodType;
  uniqueField: 'name' | 'code';
  searchable: (like: string) => SQL | undefined;
  /** By name unless the query says otherwise. */
  sorts: { name: TSortColumn } & Record<string, TSortColumn>;
  notFound: string;
  duplicate: (value: string) => string;
  check?: (input: Record<string, unknown>) => void;
};

type TSortColumn = (direction: 'asc' | 'desc') => SQL;

const toApi = (row: Record<string, unknown>) => {
  const { id, companyId: _companyId, createdAt, updatedAt, ...rest } = row;
  return {
    _id: String(id),
    ...rest,
    createdAt: (createdAt as Date).toISOString(),
    updatedAt: (updatedAt as Date).toISOString(),
  };
};

const resources: TResource[] = [
  {
    path: '/type',
    table: businessTypes,
    entityType: 'business-type',
    permissions: { read: 'picklists:read', write: 'picklists:write' },
    schema: ZBusinessType,
    input: ZBusinessTypeInput,
    update: ZBusinessTypeUpdate,
    uniqueField: 'name',
    searchable: (like) => or(ilike(businessTypes.name, like), ilike(businessTypes.description, like)),
    sorts: {
      name: (direction) => (direction === 'asc' ? asc(businessTypes.name) : desc(businessTypes.name)),
      createdAt: (direction) =>
        direction === 'asc' ? asc(businessTypes.createdAt) : desc(businessTypes.createdAt),
    },
    notFound: 'No such business type in your company',
    duplicate: (name) => `A business type named "${name}" already exists`,
  },
  {
    path: '/receivinglocation',
    table: receivingLocations,
    entityType: 'receiving-location',
    permissions: { read: 'ports:read', write: 'ports:write' },
    schema: ZReceivingLocation,
    input: ZReceivingLocationInput,
    update: ZReceivingLocationUpdate,
    uniqueField: 'code',
    searchable: (like) =>
      or(
        ilike(receivingLocations.name, like),
        ilike(receivingLocations.code, like),
        ilike(receivingLocations.city, like),
      ),
    sorts: {
      name: (direction) =>
        direction === 'asc' ? asc(receivingLocations.name) : desc(receivingLocations.name),
      code: (direction) =>
        direction === 'asc' ? asc(receivingLocations.code) : desc(receivingLocations.code),
      city: (direction) =>
        direction === 'asc' ? asc(receivingLocations.city) : desc(receivingLocations.city),
    },
    notFound: 'No such receiving location in your company',
    duplicate: (code) => `A receiving location with the code "${code}" already exists`,
    check: (input) => {
      if (typeof input.countryCode === 'string' && !knownCountries.has(input.countryCode)) {
        throw new AppError('VALIDATION_FAILED', 'Invalid body: countryCode is not a known country code', {
          fields: [{ field: 'countryCode', message: 'is not a known country code' }],
        });
      }
    },
  },
];

export const registerCompanyListRoutes = async (app: FastifyInstance) => {
  const { db } = app.database;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const resource of resources) {
    const { table } = resource;
    const byId = (companyId: string, id: string) => and(eq(table.companyId, companyId), eq(table.id, id));
    const readOne = async (tx: Tx, companyId: string, id: string) => {
      const [row] = await tx.select().from(table).where(byId(companyId, id));
      if (!row) throw new AppError('NOT_FOUND', resource.notFound);
      return toApi(row);
    };
    const orConflict = async <T>(tx: Tx, value: unknown, work: (savepoint: Tx) => Promise<T>) => {
      try {
        return await tx.transaction((savepoint) => work(savepoint as unknown as Tx));
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', resource.duplicate(String(value)));
        throw error;
      }
    };

    routes.get(
      resource.path,
      {
        config: { permission: resource.permissions.read },
        schema: { querystring: ZCompanyListQuery, response: { 200: listOf(resource.schema), ...errors } },
      },
      async (request) => {
        const auth = requireAuth(request);
        const query = request.query as TCompanyListQuery;
        const conditions: (SQL | undefined)[] = [eq(table.companyId, auth.companyId)];
        if (query.q) {
          conditions.push(resource.searchable(`%${escapeLike(query.q)}%`));
        }
        if (query.active) conditions.push(eq(table.isActive, query.active === 'true'));
        const where = and(...conditions);
        const sort = readSort(query.sort, resource.sorts) ?? { by: resource.sorts.name, isDescending: false };
        return withTenant(db, auth.companyId, async (tx) => {
          const [counted] = await tx.select({ total: count() }).from(table).where(where);
          const rows = await tx
            .select()
            .from(table)
            .where(where)
            .orderBy(sort.by(sort.isDescending ? 'desc' : 'asc'), asc(table.id))
            .limit(query.pageSize)
            .offset((query.page - 1) * query.pageSize);
          return {
            data: rows.map(toApi),
            meta: { total: Number(counted?.total ?? 0), page: query.page, pageSize: query.pageSize },
          };
        });
      },
    );
    routes.get(
      `${resource.path}/:id`,
      {
        config: { permission: resource.permissions.read },
        schema: { params: ZIdParams, response: { 200: dataOf(resource.schema), ...errors } },
      },
      async (request) => {
        const auth = requireAuth(request);
        return {
          data: await withTenant(db, auth.companyId, (tx) => readOne(tx, auth.companyId, request.params.id)),
        };
      },
    );
    routes.post(
      resource.path,
      {
        config: { permission: resource.permissions.write },
        schema: { body: resource.input, response: { 201: dataOf(resource.schema), ...errors } },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const input = request.body as Record<string, unknown>;
        resource.check?.(input);
        const created = await withTenant(db, auth.companyId, async (tx) => {
          const id = createId();
          await orConflict(tx, input[resource.uniqueField], (savepoint) =>
            savepoint.insert(table).values({ ...input, companyId: auth.companyId, id } as never),
          );
          const row = await readOne(tx, auth.companyId, id);
          await recordAudit(tx, auditActorOf(request), {
            entityType: resource.entityType,
            entityId: id,
            action: 'create',
            after: row,
          });
          return row;
        });
        return reply.status(201).send({ data: created });
      },
    );
    routes.patch(
      `${resource.path}/:id`,
      {
        config: { permission: resource.permissions.write },
        schema: {
          params: ZIdParams,
          body: resource.update,
          response: { 200: dataOf(resource.schema), ...errors },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const input = request.body as Record<string, unknown>;
        resource.check?.(input);
        const updated = await withTenant(db, auth.companyId, async (tx) => {
          const before = await readOne(tx, auth.companyId, request.params.id);
          await orConflict(tx, input[resource.uniqueField], (savepoint) =>
            savepoint
              .update(table)
              .set({ ...input, updatedAt: new Date() } as never)
              .where(byId(auth.companyId, request.params.id)),
          );
          const after = await readOne(tx, auth.companyId, request.params.id);
          await recordAudit(tx, auditActorOf(request), {
            entityType: resource.entityType,
            entityId: request.params.id,
            action: 'update',
            before,
            after,
          });
          return after;
        });
        return { data: updated };
      },
    );
    routes.delete(
      `${resource.path}/:id`,
      {
        config: { permission: resource.permissions.write },
        schema: {
          params: ZIdParams,
          response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...errors },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        await withTenant(db, auth.companyId, async (tx) => {
          const before = await readOne(tx, auth.companyId, request.params.id);
          await tx.delete(table).where(byId(auth.companyId, request.params.id));
          await recordAudit(tx, auditActorOf(request), {
            entityType: resource.entityType,
            entityId: request.params.id,
            action: 'delete',
            before,
          });
        });
        return { data: { deleted: true as const } };
      },
    );
  }
};
