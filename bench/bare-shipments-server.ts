import { holdCodes, progressStatusOfCode } from '@cargodesk/shared';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';
import { listenUntilStopped } from './bare-listen.ts';

// The bare stack `npm run bench -- shipments` compares the shipments list and screen with: Fastify 5
// and the plain driver on the product's own tables running the product's statements (a page is one
// statement: its rows, each row's customer and name, and the count capped a thousand past the page;
// a search first looks the text up in the contacts' names, then reads the words of the numbers it
// begins; the screen reads its row, its parties with their names and its cargo at once, then its
// places among the company's own ports and its standing actual events at once; the list and the
// screen read the status's events as the product does), with a static token, no ORM, no transaction, no
// row-level security.
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

// The product's status lookup for a page's shipments (decision 048): their standing actual events
// of the codes that move the status, one row per code with its latest time.
const statusCodes = [...progressStatusOfCode.keys(), holdCodes.hold, holdCodes.release];
const standingActualEvents = (companyId: string, shipmentIds: unknown[]) =>
  shipmentIds.length === 0
    ? Promise.resolve([])
    : query(
        `select shipment_id, event_code, max(event_at) as event_at from shipment_events
        where company_id = $1 and shipment_id = any($2) and classifier = 'ACT' and event_code = any($3)
          and retracts_event_id is null
          and not exists (select 1 from shipment_events retraction
            where retraction.company_id = shipment_events.company_id and retraction.retracts_event_id = shipment_events.id)
        group by shipment_id, event_code`,
        [companyId, shipmentIds, statusCodes],
      );

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

type TListQuery = { companyId: string; q?: string; mode?: string; portOfDischarge?: string };

app.get<{ Querystring: TListQuery }>('/shipments', async (request) => {
  const { companyId, q, mode, portOfDischarge } = request.query;
  const values: unknown[] = [companyId];
  const conditions = ['shipments.company_id = $1'];
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
    if (contacts.length === 0) conditions.push(`shipments.id in (${words})`);
    else {
      values.push(contacts.map((row) => row.id));
      conditions.push(`shipments.id in (${words}
        union select shipment_id from shipment_parties where company_id = $1
          and (organisation_id = any($${values.length}) or person_id = any($${values.length})))`);
    }
  }
  if (mode) {
    values.push(mode);
    conditions.push(`shipments.mode = $${values.length}`);
  }
  if (portOfDischarge) {
    values.push(portOfDischarge);
    conditions.push(`shipments.port_of_discharge = $${values.length}`);
  }
  const where = conditions.join(' and ');
  // One statement, as the product's: the page's columns the list shows, each row's customer and its name, and the count
  // (capped a thousand past the page) as a scalar subquery worked out once.
  const rows = await query(
    `select shipments.id, shipments.reference, shipments.mode, shipments.direction, shipments.load_type,
      shipments.booking_status, shipments.consolidation, shipments.planned_departure,
      shipments.actual_departure, shipments.planned_arrival, shipments.actual_arrival,
      shipments.created_at, shipments.updated_at, shipments.port_of_loading,
      shipments.port_of_discharge, shipments.bill_of_lading_number, shipments.air_waybill_number,
      (select count(*)::int from (select 1 from shipments where ${where} limit 1021) matching) as total,
      customer_party.organisation_id as customer_id,
      (select name from contacts where company_id = $1 and id = customer_party.organisation_id) as customer_name
    from shipments left join shipment_parties customer_party on customer_party.company_id = $1
      and customer_party.shipment_id = shipments.id and customer_party.role = 'customer'
    where ${where} order by shipments.created_at desc, shipments.id desc limit 20 offset 0`,
    values,
  );
  const total = Number(rows[0]?.total ?? 0);
  const events = await standingActualEvents(
    companyId,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => {
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
        customer: row.customer_id
          ? { _id: row.customer_id, name: row.customer_name ?? 'Deleted contact' }
          : null,
        portOfLoading: row.port_of_loading,
        portOfDischarge: row.port_of_discharge,
        billOfLadingNumber: row.bill_of_lading_number,
        airWaybillNumber: row.air_waybill_number,
        events: events.filter((event) => event.shipment_id === row.id).length,
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
    const ids = [request.params.id];
    // As the product: what needs only the id at once, then what needs the row at once.
    const [[row], parties, lines, containers] = await Promise.all([
      query(`select * from shipments where company_id = $1 and id = $2`, [companyId, request.params.id]),
      query(
        `select shipment_parties.*,
          (select name from contacts where company_id = $1 and id = shipment_parties.organisation_id) as organisation_name,
          (select name from contacts where company_id = $1 and id = shipment_parties.person_id) as person_name
        from shipment_parties where company_id = $1 and shipment_id = $2`,
        [companyId, request.params.id],
      ),
      query(
        `select * from shipment_cargo_lines where company_id = $1 and shipment_id = any($2) order by shipment_id, position`,
        [companyId, ids],
      ),
      query(
        `select * from shipment_containers where company_id = $1 and shipment_id = any($2) order by shipment_id, position`,
        [companyId, ids],
      ),
    ]);
    if (!row) return reply.code(404).send({ error: 'not found' });
    const kind = row.mode === 'air' ? 'airport' : 'oceanport';
    const [events, ...places] = await Promise.all([
      standingActualEvents(companyId, ids),
      ...[row.port_of_loading, row.port_of_discharge].map((code) =>
        query(`select * from company_ports where company_id = $1 and kind = $2 and code = $3`, [
          companyId,
          kind,
          code,
        ]),
      ),
    ]);
    return {
      data: {
        _id: row.id,
        reference: row.reference,
        mode: row.mode,
        portOfLoading: row.port_of_loading,
        portOfDischarge: row.port_of_discharge,
        places: places.length,
        events: events.length,
        parties: parties.map((party) => ({
          role: party.role,
          organisation: party.organisation_name ?? 'Deleted contact',
        })),
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
