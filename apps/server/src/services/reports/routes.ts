import { Readable } from 'node:stream';
import {
  ZListMeta,
  ZReportDefinition,
  ZReportResult,
  ZReportScheduleInput,
  ZReportSketch,
  ZReportSketchCreate,
  ZReportSketchIdParams,
  ZReportSketchListQuery,
  ZReportSketchSummary,
  ZReportSketchUpdate,
  ZReportSourceInfo,
} from '@cargodesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, type TAuthContext } from '../../platform/auth/auth-context.ts';
import {
  dataOf,
  sendCsvFile,
  signedInErrors,
  streamedResponse,
  ZErrorBody,
} from '../../platform/http/http.ts';
import { registerBackgroundJob } from '../../platform/runtime/background-job.ts';
import { createProductGate } from '../access/public.ts';
import { createScheduleRunner } from './schedule.ts';
import { createReportsService } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
const deleted = dataOf(z.object({ deleted: z.literal(true) }));
const pinned = dataOf(z.object({ isPinned: z.boolean() }));
/** How often each instance looks for due scheduled reports. */
const schedulePollMs = 60 * 1000;

/** A file name for the export: the report's name without characters a header or a file system refuses. */
const exportFileName = (name: string) => `${name.replace(/[^\w .-]+/g, '_').trim() || 'report'}.csv`;

/**
 * reports: saved report sketches, run under the caller's permissions and row-level security
 * (docs/decisions/019-report-charts.md). Reading and running need reports:read; saving, changing,
 * scheduling and deleting reports:write.
 */
export const registerReportsRoutes = async (app: FastifyInstance) => {
  const products = createProductGate({ db: app.database.db, changes: app.changes });
  const service = createReportsService({ db: app.database.db, products });
  const runner = createScheduleRunner({
    db: app.database.db,
    products,
    mailer: app.mailer,
    drive: { db: app.database.db, store: app.fileStore, fileMaxBytes: app.config.fileMaxBytes, log: app.log },
    log: app.log.child({ module: 'report-schedules' }),
  });
  registerBackgroundJob(app, {
    intervalMs: schedulePollMs,
    logger: app.log,
    failureMessage: 'scheduled reports failed; trying again later',
    work: () => runner.runDue(),
  });

  app.addHook('onRequest', authenticate(app));
  /**
   * Runs a report's query in one of the company's places (platform/runtime/tenant-work-pool.ts): the caller
   * and the company are counted, and one company's reports never hold every database connection.
   */
  const inQueryLine = async <T>(request: FastifyRequest, work: (auth: TAuthContext) => Promise<T>) => {
    const auth = request.caller;
    const leave = await app.tenantWork.enterQueryLine(auth);
    try {
      return await work(auth);
    } finally {
      leave();
    }
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'reports:read' } as const;
  const write = { permission: 'reports:write' } as const;
  const params = ZReportSketchIdParams;

  routes.get(
    '/reportSketch/sources',
    {
      config: read,
      schema: {
        summary: 'List the sources and columns you may report on',
        response: { 200: dataOf(z.array(ZReportSourceInfo)), ...errors },
      },
    },
    async (request) => ({ data: await service.sources(request.caller) }),
  );
  routes.get(
    '/reportSketch',
    {
      config: read,
      schema: {
        summary: 'List your report sketches and those shared with you',
        querystring: ZReportSketchListQuery,
        response: { 200: z.object({ data: z.array(ZReportSketchSummary), meta: ZListMeta }), ...errors },
      },
    },
    async (request) => service.list(request.caller, request.query),
  );
  routes.get(
    '/reportSketch/pinned',
    {
      config: read,
      schema: {
        summary: 'List the reports you pinned to the dashboard',
        response: { 200: dataOf(z.array(ZReportSketchSummary)), ...errors },
      },
    },
    async (request) => ({ data: await service.pinned(request.caller) }),
  );
  routes.post(
    '/reportSketch',
    {
      config: write,
      schema: {
        summary: 'Save a report sketch',
        body: ZReportSketchCreate,
        response: { 201: dataOf(ZReportSketch), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.caller, request.auditActor, request.body) }),
  );
  routes.post(
    '/reportSketch/run',
    {
      config: read,
      schema: {
        summary: 'Run a report definition without saving it',
        body: ZReportDefinition,
        response: { 200: dataOf(ZReportResult), ...errors },
      },
    },
    async (request) => ({ data: await inQueryLine(request, (auth) => service.run(auth, request.body)) }),
  );
  routes.get(
    '/reportSketch/:id',
    {
      config: read,
      schema: { summary: 'Get a report sketch', params, response: { 200: dataOf(ZReportSketch), ...errors } },
    },
    async (request) => ({ data: await service.get(request.caller, request.params.id) }),
  );
  routes.patch(
    '/reportSketch/:id',
    {
      config: write,
      schema: {
        summary: 'Change your report sketch',
        params,
        body: ZReportSketchUpdate,
        response: { 200: dataOf(ZReportSketch), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.delete(
    '/reportSketch/:id',
    {
      config: write,
      schema: { summary: 'Delete your report sketch', params, response: { 200: deleted, ...errors } },
    },
    async (request) => {
      await service.remove(request.caller, request.auditActor, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
  routes.post(
    '/reportSketch/:id/duplicate',
    {
      config: write,
      schema: {
        summary: 'Copy a report sketch as your own',
        params,
        response: { 201: dataOf(ZReportSketch), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.duplicate(request.caller, request.auditActor, request.params.id),
      }),
  );
  routes.get(
    '/reportSketch/:id/run',
    {
      config: read,
      schema: {
        summary: 'Run a saved report: its table',
        params,
        response: { 200: dataOf(ZReportResult), ...errors },
      },
    },
    async (request) => ({
      data: await inQueryLine(request, (auth) => service.runSaved(auth, request.params.id)),
    }),
  );
  routes.get(
    '/reportSketch/:id/export',
    {
      config: read,
      schema: {
        summary: 'Export a report’s result as CSV',
        params,
        response: { 200: streamedResponse('text/csv', 'The report’s result as CSV'), ...errors },
      },
    },
    async (request, reply) => {
      const auth = request.caller;
      const leave = await app.tenantWork.enterQueryLine(auth);
      // The place is held while the rows are read and written, and given back once the answer ends,
      // however it ends: sent whole, refused, or dropped by the client midway.
      reply.raw.once('close', leave);
      const { name, chunks } = await service.exportCsv(auth, request.auditActor, request.params.id);
      return sendCsvFile(reply, exportFileName(name), Readable.from(chunks));
    },
  );
  routes.put(
    '/reportSketch/:id/pin',
    {
      config: read,
      schema: { summary: 'Pin a report to your dashboard', params, response: { 200: pinned, ...errors } },
    },
    async (request) => {
      await service.pin(request.caller, request.params.id);
      return { data: { isPinned: true } };
    },
  );
  routes.delete(
    '/reportSketch/:id/pin',
    {
      config: read,
      schema: { summary: 'Unpin a report from your dashboard', params, response: { 200: pinned, ...errors } },
    },
    async (request) => {
      await service.unpin(request.caller, request.params.id);
      return { data: { isPinned: false } };
    },
  );
  routes.put(
    '/reportSketch/:id/schedule',
    {
      config: write,
      schema: {
        summary: 'Mail a report weekly or monthly to colleagues',
        params,
        body: ZReportScheduleInput,
        response: { 200: dataOf(ZReportSketch), ...errors },
      },
    },
    async (request) => ({
      data: await service.setSchedule(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.delete(
    '/reportSketch/:id/schedule',
    {
      config: write,
      schema: {
        summary: 'Stop mailing a report',
        params,
        response: { 200: dataOf(ZReportSketch), ...errors },
      },
    },
    async (request) => ({
      data: await service.removeSchedule(request.caller, request.auditActor, request.params.id),
    }),
  );
};
