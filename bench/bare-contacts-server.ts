import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { distance } from 'fastest-levenshtein';
import Fastify from 'fastify';
import pg from 'pg';
import { listenUntilStopped } from './bare-listen.ts';

// The bare stack `npm run bench -- contacts` compares the contacts list with: Fastify 5 and the plain
// driver on the product's own tables running the list's own statements (one walk from the page's
// first contact to 1,000 past the page, whose first ids are the page and whose length gives the
// total), with a static token, no ORM, no transaction, no row-level security. DATABASE_URL names PostgreSQL; otherwise
// PGLITE_DIR a PGlite cluster.

type TQuery = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

const staticToken = process.env.BARE_TOKEN ?? 'bare-token';

const openQuery = async (): Promise<{ query: TQuery; close: () => Promise<void> }> => {
  if (process.env.DATABASE_URL) {
    // The similarity the search's `%` reads, set once per connection rather than per request.
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 10,
      options: '-c pg_trgm.similarity_threshold=0.3',
    });
    return { query: async (text, values) => (await pool.query(text, values)).rows, close: () => pool.end() };
  }
  const client = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm } });
  await client.exec(`select set_config('pg_trgm.similarity_threshold', '0.3', false)`);
  return {
    query: async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
    close: () => client.close(),
  };
};

const { query, close } = await openQuery();
const app = Fastify({ logger: false });

// A contact's tags ride in its row, by name, and its organisation's name, as the product reads them.
const columns = `c.id, c.kind, c.name, c.roles, c.primary_email, c.primary_phone, c.city, c.country_code,
  c.tax_number, c.owner_id, c.created_at, c.updated_at, c.organisation_id,
  case when c.organisation_id is null then null
    else (select o.name from contacts o where o.company_id = c.company_id and o.id = c.organisation_id) end
    as organisation_name,
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name))
    from contact_tag_links l join contact_tags t on t.company_id = l.company_id and t.id = l.tag_id
    where l.company_id = c.company_id and l.contact_id = c.id), '[]'::json) as tags`;

const toRow = (row: Record<string, unknown>) => ({
  _id: row.id,
  kind: row.kind,
  name: row.name,
  organisation: row.organisation_id ? { _id: row.organisation_id, name: row.organisation_name } : null,
  roles: row.roles,
  email: row.primary_email,
  phone: row.primary_phone,
  city: row.city,
  countryCode: row.country_code,
  taxNumber: row.tax_number,
  tags: row.tags,
  createdAt: new Date(row.created_at as string).toISOString(),
  updatedAt: new Date(row.updated_at as string).toISOString(),
});

// A role's bit in `role_bits` is 1 << its place here, as in packages/shared `contactRoles`.
const roles = ['customer', 'shipper', 'consignee', 'notify-party', 'carrier', 'agent', 'supplier'];

type TListQuery = { companyId: string; role: string; page?: string; pageSize?: string; q?: string };

app.addHook('onRequest', async (request, reply) => {
  if (request.headers.authorization !== staticToken) await reply.code(401).send({ error: 'token' });
});

// A page of one role, by name, as the product reads it: one walk of the role's name index alone
// (contacts_by_role) from the page's first contact, then the rows of its first ids, each carrying
// the walk's length (one statement).
app.get<{ Querystring: TListQuery }>('/contacts-page', async (request) => {
  const { companyId, role, page = '1', pageSize = '25' } = request.query;
  const size = Number(pageSize);
  const offset = (Number(page) - 1) * size;
  const cap = offset + size + 1_000;
  const rows = await query(
    `with walk as (select r.id as walk_id, r.name as key0, r.id as key1 from contacts_by_role r
       where r.company_id = $1 and r.role_bit = $2 order by r.name, r.id offset $4 limit $5)
     select ${columns}, (select count(*) from walk) as walked
     from (select walk_id from walk order by key0, key1 limit $3) page_ids
     join contacts c on c.company_id = $1 and c.id = page_ids.walk_id
     order by c.name, c.id`,
    [companyId, 1 << roles.indexOf(role), size, offset, cap + 1 - offset],
  );
  // A page past the end counts on its own, as the product; the bench asks for none.
  const total = offset + Number(rows[0]?.walked ?? 0);
  return {
    data: rows.map(toRow),
    meta: { total: Math.min(total, cap), page: Number(page), pageSize: size },
  };
});

// A search as the product reads a misspelt one (contacts/search.ts): the words the typed one
// begins and the dictionary's words like it, then the contacts holding one of them, best first,
// after the plain reading, when it could find any, found none; and the capped total.
app.get<{ Querystring: TListQuery }>('/contacts-search', async (request) => {
  const { companyId, q = '' } = request.query;
  const word = q.toLowerCase();
  // Both lookups at once, as the product sends them.
  const [starting, like] = await Promise.all([
    query(
      `select word from contact_words where company_id = $1 and word like $2 order by length(word), word limit 1000`,
      [companyId, `${word}%`],
    ),
    query(
      `select word from contact_words where company_id = $1 and word % $2 order by word <-> $2 limit 200`,
      [companyId, word],
    ),
  ]);
  const begun = [word, ...starting.map((row) => String(row.word))];
  const near = like
    .map((row) => ({ candidate: String(row.word), edits: distance(word, String(row.word)) }))
    .filter(({ candidate, edits }) => edits <= (word.length < 6 ? 1 : 2) && !begun.includes(candidate));
  const fewest = Math.min(...near.map(({ edits }) => edits));
  const nearest = near.filter(({ edits }) => edits === fewest).map(({ candidate }) => candidate);
  // A page of the contacts holding one of `words`, best first: one walk of the best 1,026, whose
  // first 25 are the page and whose length the capped total.
  const pageOf = (rank: string, values: unknown[]) =>
    query(
      `with walk as (select c.id as walk_id, ${rank} as key0, c.name as key1, c.id as key2 from contacts c
         where c.company_id = $1 and c.search_words && $2::text[] order by ${rank} desc, c.name, c.id limit 1026)
       select ${columns}, (select count(*) from walk) as walked
       from (select walk_id from walk order by key0 desc, key1, key2 limit 25) page_ids
       join contacts c on c.company_id = $1 and c.id = page_ids.walk_id
       order by ${rank} desc, c.name, c.id`,
      values,
    );
  // The plain reading, unless the dictionary shows it can find nothing: a word of three letters or
  // more that begins none of its words is no contact's, and every contact the forgiving reading
  // finds then holds one of the nearest words, which alone rank it.
  const isBegunByNone = starting.length === 0 && word.length >= 3;
  if (!isBegunByNone)
    await pageOf(
      '(case when c.search_words && array[$3] then 3 when c.search_words && $4::text[] then 2 else 0 end)',
      [companyId, begun, word, begun],
    );
  const rows = isBegunByNone
    ? await pageOf('(case when c.search_words && $3::text[] then 1 else 0 end)', [
        companyId,
        [...begun, ...nearest],
        nearest,
      ])
    : await pageOf(
        `(case when c.search_words && array[$3] then 3 when c.search_words && $4::text[] then 2
          when c.search_words && $5::text[] then 1 else 0 end)`,
        [companyId, [...begun, ...nearest], word, begun, nearest],
      );
  return {
    data: rows.map(toRow),
    meta: { total: Math.min(Number(rows[0]?.walked ?? 0), 1_025), page: 1, pageSize: 25 },
  };
});

await listenUntilStopped(app, close);
