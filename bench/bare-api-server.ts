import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { listenUntilStopped } from './bare-listen.ts';

// The bare stack that `npm run bench -- api` compares the product with: Fastify 5 and the plain
// driver (pg or PGlite) on the product's own tables, a static token instead of a session, no ORM,
// no row-level security. Run as its own process (bench/api.ts spawns it) so that the load generator
// does not share its event loop. DATABASE_URL names PostgreSQL; otherwise PGLITE_DIR a PGlite cluster.

type TQuery = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

const staticToken = process.env.BARE_TOKEN ?? 'bare-token';
// The total the product runs beside the page: `exact` a full count(*), `capped` an exact count up
// to 10,000 (bench/api.ts passes the product's current one).
const totalQuery =
  process.env.BARE_TOTAL === 'exact'
    ? 'select count(*)::int as total from audit_events where company_id = $1'
    : 'select count(*)::int as total from (select 1 from audit_events where company_id = $1 limit $2) as capped';
// The product's cap plus one, as the product sends it: a parameter.
const totalValues = (companyId: string) =>
  process.env.BARE_TOTAL === 'exact' ? [companyId] : [companyId, 10_001];

const openQuery = async (): Promise<{ query: TQuery; close: () => Promise<void> }> => {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: async (text, values) => (await pool.query(text, values)).rows,
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({ dataDir: process.env.PGLITE_DIR });
  return {
    query: async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
    close: () => client.close(),
  };
};

const { query, close } = await openQuery();
const app = Fastify({ logger: false });

const pageQuery =
  'select id, occurred_at, actor_user_id, actor_email, entity_type, entity_id, action, before, after, ip, user_agent ' +
  'from audit_events where company_id = $1 order by occurred_at desc, id desc limit $2 offset $3';

const pageOf = async (companyId: string, page: number, pageSize: number) => {
  const rows = await query(pageQuery, [companyId, pageSize, (page - 1) * pageSize]);
  return rows.map((row) => ({
    _id: row.id,
    occurredAt: new Date(row.occurred_at as string).toISOString(),
    actor: { userId: row.actor_user_id, email: row.actor_email },
    entityType: row.entity_type,
    entityId: row.entity_id,
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    userAgent: row.user_agent,
  }));
};

type TListQuery = { companyId: string; page?: string; pageSize?: string };

app.addHook('onRequest', async (request, reply) => {
  if (request.url === '/static') return;
  if (request.headers.authorization !== staticToken) await reply.code(401).send({ error: 'token' });
});
app.get('/static', async () => ({ status: 'ok' }));
app.get<{ Querystring: TListQuery }>('/page', async (request) => {
  const { companyId, page = '1', pageSize = '25' } = request.query;
  const data = await pageOf(companyId, Number(page), Number(pageSize));
  return { data, meta: { page: Number(page), pageSize: Number(pageSize) } };
});
app.get<{ Querystring: TListQuery }>('/page-and-total', async (request) => {
  const { companyId, page = '1', pageSize = '25' } = request.query;
  const data = await pageOf(companyId, Number(page), Number(pageSize));
  const [total] = await query(totalQuery, totalValues(companyId));
  return { data, meta: { total: total?.total, page: Number(page), pageSize: Number(pageSize) } };
});

await listenUntilStopped(app, close);
