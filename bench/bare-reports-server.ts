import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { listenUntilStopped } from './bare-listen.ts';

// The bare stack `npm run bench -- reports` compares a report run with: Fastify 5 and the plain
// driver with a static token, no ORM, no row-level security, no definition to check. Two
// statements: the grouped count the product answers from the daily summary, and the same count over
// the audit events themselves. DATABASE_URL names PostgreSQL; otherwise PGLITE_DIR a PGlite cluster.

type TQuery = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

const staticToken = process.env.BARE_TOKEN ?? 'bare-token';

const openQuery = async (): Promise<{ query: TQuery; close: () => Promise<void> }> => {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { query: async (text, values) => (await pool.query(text, values)).rows, close: () => pool.end() };
  }
  const client = await PGlite.create({ dataDir: process.env.PGLITE_DIR });
  return {
    query: async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
    close: () => client.close(),
  };
};

const { query, close } = await openQuery();
const app = Fastify({ logger: false });

app.addHook('onRequest', async (request, reply) => {
  if (request.headers.authorization !== staticToken) await reply.code(401).send({ error: 'token' });
});

const toResult = (rows: Record<string, unknown>[]) => ({
  data: {
    columns: [
      { key: 'action', label: 'Action', type: 'text' },
      { key: 'count', label: 'Count', type: 'number' },
    ],
    rows: rows.map((row) => [row.c0, row.c1]),
    isTruncated: false,
  },
});

app.get<{ Querystring: { companyId: string } }>('/audit-by-action/summary', async (request) =>
  toResult(
    await query(
      `select action as c0, sum(events)::int as c1 from audit_event_daily_counts
       where company_id = $1 group by action order by 2 desc nulls last limit 1001`,
      [request.query.companyId],
    ),
  ),
);

app.get<{ Querystring: { companyId: string } }>('/audit-by-action/events', async (request) =>
  toResult(
    await query(
      `select action as c0, count(*)::int as c1 from audit_events
       where company_id = $1 group by action order by 2 desc nulls last limit 1001`,
      [request.query.companyId],
    ),
  ),
);

await listenUntilStopped(app, close);
