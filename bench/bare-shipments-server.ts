import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';
import { listenUntilStopped } from './bare-listen.ts';

// The bare stack `npm run bench -- shipments` compares the shipments list and screen with: Fastify 5
// and the plain driver on the product's own tables running the product's statements (the page, its
// count (capped a thousand past the page), the page's parties and their contacts; a search first looks the text up in the
// contacts' names, then reads the words of the numbers it begins), with a static token, no ORM, no transaction, no row-level security.
// DATABASE_URL names PostgreSQL; otherwise PGLITE_DIR a PGlite cluster.

type TQuery = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

const staticToken = process.env.BARE_TOKEN ?? 'bare-token';

const openQuery = async (): Promise<{ query: TQuery; close: () => Promise<void> }> => {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { query: async (text, values) => (await pool.query(text, values)).rows, close: () => pool.end() };
  }
  const client = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm } });
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

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

type TListQuery = { companyId: string; q?: string; mode?: string; portOfDischarge?: string };

app.get<{ Querystring: TListQuery }>('/shipments', async (request) => {
  const { companyId, q, mode, portOfDischarge } = request.query;
  const values: unknown[] = [companyId];
  const conditions = ['company_id = $1'];
  if (q) {
    const text = q.toLowerCase();
    const contacts = await query(
      `select id from contacts where company_id = $1 and search_text like $2 order by name, id limit 200`,
      [companyId, `%${text}%`],
    );
    // The words the text begins, as a range of the words' key (decision 044).
    const characters = Array.from(text);
    const last = characters.pop()?.codePointAt(0) ?? 0;
    values.push(text, characters.join('') + String.fromCodePoint(last + 1));
    const words = `select shipment_id from shipment_search_words where company_id = $1
      and word >= $${values.length - 1} and word < $${values.length}`;
    if (contacts.length === 0) conditions.push(`id in (${words})`);
    else {
      values.push(contacts.map((row) => row.id));
      conditions.push(`id in (${words}
        union select shipment_id from shipment_parties where company_id = $1
          and (organisation_id = any($${values.length}) or person_id = any($${values.length})))`);
    }
  }
  if (mode) {
    values.push(mode);
    conditions.push(`mode = $${values.length}`);
  }
  if (portOfDischarge) {
    values.push(portOfDischarge);
    conditions.push(`port_of_discharge = $${values.length}`);
  }
  const where = conditions.join(' and ');
  const [rows, counted] = await Promise.all([
    query(
      `select * from shipments where ${where} order by created_at desc, id desc limit 20 offset 0`,
      values,
    ),
    query(
      `select count(*)::int as total from (select 1 from shipments where ${where} limit 1021) matching`,
      values,
    ),
  ]);
  const parties = await query(
    `select * from shipment_parties where company_id = $1 and shipment_id = any($2)`,
    [companyId, rows.map((row) => row.id)],
  );
  const customers = parties.filter((party) => party.role === 'customer');
  const names = await query(
    `select id, kind, name, organisation_id from contacts where company_id = $1 and id = any($2)`,
    [companyId, [...new Set(customers.map((party) => party.organisation_id))]],
  );
  const total = Number(counted[0]?.total ?? 0);
  return {
    data: rows.map((row) => {
      const customer = customers.find((party) => party.shipment_id === row.id);
      const named = names.find((contact) => contact.id === customer?.organisation_id);
      return {
        _id: row.id,
        reference: row.reference,
        mode: row.mode,
        direction: row.direction,
        loadType: row.load_type,
        bookingStatus: row.booking_status,
        consolidation: row.consolidation,
        plannedDeparture: iso(row.planned_departure),
        actualDeparture: iso(row.actual_departure),
        plannedArrival: iso(row.planned_arrival),
        actualArrival: iso(row.actual_arrival),
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
        customer: named ? { _id: named.id, name: named.name } : null,
        portOfLoading: row.port_of_loading,
        portOfDischarge: row.port_of_discharge,
        billOfLadingNumber: row.bill_of_lading_number,
        airWaybillNumber: row.air_waybill_number,
      };
    }),
    meta:
      total > 1_020
        ? { total: 1_020, totalIsCapped: true, page: 1, pageSize: 20 }
        : { total, page: 1, pageSize: 20 },
  };
});

// The shipment screen's reads: the row, its parties and their contacts, its places among the
// company's own ports, and its cargo lines and containers.
app.get<{ Params: { id: string }; Querystring: { companyId: string } }>(
  '/shipments/:id',
  async (request, reply) => {
    const { companyId } = request.query;
    const [row] = await query(`select * from shipments where company_id = $1 and id = $2`, [
      companyId,
      request.params.id,
    ]);
    if (!row) return reply.code(404).send({ error: 'not found' });
    const parties = await query(
      `select * from shipment_parties where company_id = $1 and shipment_id = any($2)`,
      [companyId, [row.id]],
    );
    const contacts = await query(
      `select id, kind, name, organisation_id from contacts where company_id = $1 and id = any($2)`,
      [companyId, parties.map((party) => party.organisation_id)],
    );
    const kind = row.mode === 'air' ? 'airport' : 'oceanport';
    const places = [];
    for (const code of [row.port_of_loading, row.port_of_discharge]) {
      places.push(
        await query(`select * from company_ports where company_id = $1 and kind = $2 and code = $3`, [
          companyId,
          kind,
          code,
        ]),
      );
    }
    const lines = await query(
      `select * from shipment_cargo_lines where company_id = $1 and shipment_id = any($2) order by shipment_id, position`,
      [companyId, [row.id]],
    );
    const containers = await query(
      `select * from shipment_containers where company_id = $1 and shipment_id = any($2) order by shipment_id, position`,
      [companyId, [row.id]],
    );
    return {
      data: {
        _id: row.id,
        reference: row.reference,
        mode: row.mode,
        portOfLoading: row.port_of_loading,
        portOfDischarge: row.port_of_discharge,
        parties: parties.map((party) => ({
          role: party.role,
          organisation:
            contacts.find((contact) => contact.id === party.organisation_id)?.name ?? 'Deleted contact',
        })),
        places: places.length,
        cargoLines: lines,
        containers: containers.map((container) => ({
          number: container.number,
          sizeType: container.size_type,
        })),
      },
    };
  },
);

await listenUntilStopped(app, close);
