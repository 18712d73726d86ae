import { contactRoles, type TContactRole } from '@cargodesk/shared';
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { compiledStatement, type TCompilingDb } from '../../db/compiled-statement.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { pageOffset, slidingCountCap, type TPage } from '../../db/paging.ts';
import {
  contacts,
  contactTagLinks,
  contactTags,
  tenantContacts,
  tenantContactsByRole,
} from '../../db/schema/index.ts';

// The contacts module's queries: its own tables only. Every one names the company, besides
// row-level security.

export type TContactRow = typeof contacts.$inferSelect;
export type TContactInsert = typeof contacts.$inferInsert;
export type TContactTagRow = typeof contactTags.$inferSelect;

export const contactSortColumns = {
  name: contacts.name,
  kind: contacts.kind,
  city: contacts.city,
  countryCode: contacts.countryCode,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
} satisfies Record<string, AnyPgColumn>;
export type TContactSortColumn = keyof typeof contactSortColumns;

/**
 * A search as contacts/search.ts reads the search box: contacts holding a word of each term,
 * or a piece of text found anywhere.
 */
export type TContactSearch =
  | { kind: 'text'; pieces: string[] }
  | {
      kind: 'words';
      /**
       * Per word typed: the contact's words any one of which satisfies it; among them the ones it
       * begins (or is), and the misspellings closest to it, which rank a contact first.
       */
      terms: TSearchTerm[];
    };
export type TSearchTerm = {
  /** The word as typed. */
  typed: string;
  words: string[];
  begun: string[];
  nearest: string[];
  /**
   * No contact holds the word or a word it begins (contacts/search.ts): every contact the term
   * matches then holds one of `nearest`, and the term ranks them all alike.
   */
  isBegunByNone: boolean;
};

/**
 * How a term of a search ranks a contact (`searchRank`): by the word typed and the words it begins;
 * by those or the nearest misspelling; or, when no contact holds a word it begins, by the nearest
 * misspelling alone, which every contact it matches holds.
 */
type TTermRank = 'begun' | 'begun-or-nearest' | 'nearest';

const termRankOf = (term: TSearchTerm): TTermRank =>
  term.nearest.length === 0 ? 'begun' : term.isBegunByNone ? 'nearest' : 'begun-or-nearest';

export type TContactFilter = TPage & {
  companyId: string;
  /** The search box's text as contacts/search.ts reads it. */
  search?: TContactSearch | undefined;
  kind?: TContactRow['kind'] | undefined;
  role?: string | undefined;
  tagId?: string | undefined;
  countryCode?: string | undefined;
  ownerId?: string | undefined;
  organisationId?: string | undefined;
  /** Calendar days (2026-01-31) in `timeZone`, both ends included. */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  updatedFrom?: string | undefined;
  updatedTo?: string | undefined;
  timeZone: string;
  /** No sort with a search orders by how well each contact matches. */
  sort?: TContactSortColumn | undefined;
  isDescending: boolean;
};

const byContact = (companyId: string, id: string) =>
  and(eq(contacts.companyId, companyId), eq(contacts.id, id));

const organisationAlias = 'organisation';
export const organisations = alias(contacts, organisationAlias);

/**
 * Where the list, the search and the export pick their contacts: the view of the transaction's
 * company (schema/contacts.ts `tenantContacts`), so PostgreSQL may use the search and filter
 * indexes; the rows themselves are then read from `contacts`. Both hold the same columns.
 */
type TContactSource = typeof contacts | typeof tenantContacts;

/**
 * Where a page may walk: the company's contacts, or one role's entries (migration 0053), which
 * hold the columns the list sorts and filters by but not the search's.
 */
type TWalkSource = TContactSource | typeof tenantContactsByRole;

// A filter's statements are written from its shape alone, every value a named placeholder: the
// list compiles them once per shape (db/compiled-statement.ts), and no statement kept can hold a
// request's values. `valuesOfFilter` gives the values by the same names.

/** Which parts of a filter are on, and how its search is made: all its statements' text depends on. */
export type TContactFilterShape = {
  search: null | { kind: 'text'; pieces: number } | { kind: 'words'; termRanks: TTermRank[] };
  kind: boolean;
  role: boolean;
  tagId: boolean;
  countryCode: boolean;
  ownerId: boolean;
  organisationId: boolean;
  createdFrom: boolean;
  createdTo: boolean;
  updatedFrom: boolean;
  updatedTo: boolean;
  sort: TContactSortColumn | null;
  isDescending: boolean;
};

export const shapeOfFilter = (filter: Omit<TContactFilter, keyof TPage>): TContactFilterShape => ({
  search: !filter.search
    ? null
    : filter.search.kind === 'text'
      ? { kind: 'text', pieces: filter.search.pieces.length }
      : { kind: 'words', termRanks: filter.search.terms.map(termRankOf) },
  kind: filter.kind !== undefined,
  role: filter.role !== undefined,
  tagId: filter.tagId !== undefined,
  countryCode: filter.countryCode !== undefined,
  ownerId: filter.ownerId !== undefined,
  organisationId: filter.organisationId !== undefined,
  createdFrom: filter.createdFrom !== undefined,
  createdTo: filter.createdTo !== undefined,
  updatedFrom: filter.updatedFrom !== undefined,
  updatedTo: filter.updatedTo !== undefined,
  sort: filter.sort ?? null,
  isDescending: filter.isDescending,
});

/** A filter's values, by the names of the placeholders its statements hold. */
export const valuesOfFilter = (filter: Omit<TContactFilter, keyof TPage>): Record<string, unknown> => {
  const values: Record<string, unknown> = {
    companyId: filter.companyId,
    kind: filter.kind,
    roleBit: filter.role === undefined ? undefined : contactRoleBit(filter.role),
    tagId: filter.tagId,
    countryCodes: filter.countryCode === undefined ? undefined : [filter.countryCode],
    ownerId: filter.ownerId,
    organisationId: filter.organisationId,
    createdFrom: filter.createdFrom,
    createdTo: filter.createdTo,
    updatedFrom: filter.updatedFrom,
    updatedTo: filter.updatedTo,
    timeZone: filter.timeZone,
  };
  const { search } = filter;
  if (search?.kind === 'text')
    search.pieces.forEach((piece, index) => {
      values[`piece${index}`] = containsPattern(piece);
    });
  if (search?.kind === 'words')
    search.terms.forEach((term, index) => {
      values[`words${index}`] = term.words;
      values[`typed${index}`] = [term.typed];
      values[`begun${index}`] = term.begun;
      values[`nearest${index}`] = term.nearest;
    });
  return values;
};

export const value = (name: string) => sql.placeholder(name);

/** A role's bit in `role_bits` (schema/contacts.ts): 1 << its place in `contactRoles`. */
const contactRoleBit = (role: string) => {
  const place = contactRoles.indexOf(role as TContactRole);
  if (place < 0) throw new Error(`No contact role ${role}`);
  return 1 << place;
};

/** A contact holds a word of each term, or has every piece of text somewhere in it. */
const matchesSearch = (source: TContactSource, search: NonNullable<TContactFilterShape['search']>) =>
  search.kind === 'text'
    ? or(
        ...Array.from(
          { length: search.pieces },
          (_, index) => sql`${source.searchText} like ${value(`piece${index}`)}`,
        ),
      )
    : and(...search.termRanks.map((_, index) => arrayOverlaps(source.searchWords, value(`words${index}`))));

/**
 * How well a contact matches a search: a word typed whole counts three, a word it begins two, the
 * misspelling closest to it one. Ordering by it first also keeps PostgreSQL from walking the name
 * index through every contact before the first match. A term no contact holds a begun word of
 * tests the nearest words alone: the other tests could never hold, and each is an array compared
 * with every contact the search matches (a third of a misspelt search's time on PGlite).
 */
const searchRank = (source: TContactSource, termRanks: TTermRank[]) =>
  sql.join(
    termRanks.map((rank, index) => {
      const holds = (words: string) => arrayOverlaps(source.searchWords, value(`${words}${index}`));
      const nearest = sql`when ${holds('nearest')} then 1`;
      return rank === 'nearest'
        ? sql`(case ${nearest} else 0 end)`
        : sql`(case when ${holds('typed')} then 3 when ${holds('begun')} then 2
        ${rank === 'begun-or-nearest' ? nearest : sql``} else 0 end)`;
    }),
    sql` + `,
  );

const filterConditions = (source: TContactSource, shape: TContactFilterShape): SQL | undefined =>
  and(
    eq(source.companyId, value('companyId')),
    shape.search ? matchesSearch(source, shape.search) : undefined,
    shape.role ? sql`(${source.roleBits} & ${value('roleBit')}) <> 0` : undefined,
    columnConditions(source, shape),
  );

/** A role's entries that pass the filter, which has no search. */
const roleEntryConditions = (shape: TContactFilterShape): SQL | undefined =>
  and(
    eq(tenantContactsByRole.companyId, value('companyId')),
    eq(tenantContactsByRole.roleBit, value('roleBit')),
    columnConditions(tenantContactsByRole, shape),
  );

/** The filters besides the company, the search and the role: every walk's source holds their columns. */
const columnConditions = (source: TWalkSource, shape: TContactFilterShape): SQL | undefined =>
  and(
    shape.kind ? eq(source.kind, value('kind')) : undefined,
    shape.countryCode ? arrayContains(source.countryCodes, value('countryCodes')) : undefined,
    shape.ownerId ? eq(source.ownerId, value('ownerId')) : undefined,
    shape.organisationId ? eq(source.organisationId, value('organisationId')) : undefined,
    shape.tagId
      ? sql`exists (select 1 from ${contactTagLinks} where ${contactTagLinks.companyId} = ${source.companyId}
          and ${contactTagLinks.contactId} = ${source.id} and ${contactTagLinks.tagId} = ${value('tagId')})`
      : undefined,
    shape.createdFrom ? gte(source.createdAt, dayStart('createdFrom')) : undefined,
    shape.createdTo ? lt(source.createdAt, dayStart('createdTo', 1)) : undefined,
    shape.updatedFrom ? gte(source.updatedAt, dayStart('updatedFrom')) : undefined,
    shape.updatedTo ? lt(source.updatedAt, dayStart('updatedTo', 1)) : undefined,
  );

/** The instant a calendar day (plus `days`) begins in the company's time zone. */
const dayStart = (day: string, days: 0 | 1 = 0) =>
  sql`((${value(day)}::date + ${sql.raw(String(days))})::timestamp at time zone ${value('timeZone')})`;

type TOrderShape = Pick<TContactFilterShape, 'search' | 'sort' | 'isDescending'>;

type TOrderKey = { key: SQL | AnyPgColumn; isDescending: boolean };

/** What a list is ordered by, first to last, and which of them descend. */
const orderKeysOf = (source: TContactSource, shape: TOrderShape): TOrderKey[] =>
  !shape.sort && shape.search?.kind === 'words'
    ? [
        { key: searchRank(source, shape.search.termRanks), isDescending: true },
        { key: source.name, isDescending: false },
        { key: source.id, isDescending: false },
      ]
    : sortKeysOf(source, shape);

/** The order of a list sorted by a column, or by name; the id keeps pages stable between equal values. */
const sortKeysOf = (source: TWalkSource, shape: TOrderShape): TOrderKey[] => [
  { key: source[shape.sort ?? 'name'], isDescending: shape.isDescending },
  { key: source.id, isDescending: false },
];

const orderBy = (keys: TOrderKey[]) =>
  keys.map(({ key, isDescending }) => (isDescending ? desc(key) : asc(key)));

const orderOf = (source: TContactSource, shape: TOrderShape) => orderBy(orderKeysOf(source, shape));

/** A contact's tags, by name: read with the contact rather than in a statement of their own. */
const tagsOfContact = sql<TContactTagOfRow[]>`coalesce((
  select json_agg(json_build_object('id', ${contactTags.id}, 'name', ${contactTags.name}, 'color', ${contactTags.color})
    order by lower(${contactTags.name}))
  from ${contactTagLinks}
  join ${contactTags} on ${contactTags.companyId} = ${contactTagLinks.companyId} and ${contactTags.id} = ${contactTagLinks.tagId}
  where ${contactTagLinks.companyId} = ${contacts.companyId} and ${contactTagLinks.contactId} = ${contacts.id}
), '[]'::json)`;

export type TContactTagOfRow = { id: string; name: string; color: string };

/**
 * The name of a contact's organisation, looked up only for a contact that has one: a join looked
 * for one on every row of a page, a tenth of a page's time on PGlite, though most have none.
 */
const organisationNameOfContact = sql<string | null>`case when ${contacts.organisationId} is null then null
  else (select ${organisations.name} from ${contacts} as ${sql.identifier(organisationAlias)} where ${organisations.companyId} = ${contacts.companyId}
    and ${organisations.id} = ${contacts.organisationId}) end`;

/** What names a contact in a pick list or a duplicate warning: who it is and how to reach it. */
export const contactHeadline = {
  id: contacts.id,
  kind: contacts.kind,
  name: contacts.name,
  primaryEmail: contacts.primaryEmail,
};

export const listColumns = {
  contact: {
    id: contacts.id,
    kind: contacts.kind,
    name: contacts.name,
    roles: contacts.roles,
    primaryEmail: contacts.primaryEmail,
    primaryPhone: contacts.primaryPhone,
    city: contacts.city,
    countryCode: contacts.countryCode,
    taxNumber: contacts.taxNumber,
    ownerId: contacts.ownerId,
    createdAt: contacts.createdAt,
    updatedAt: contacts.updatedAt,
  },
  organisation: { id: contacts.organisationId, name: organisationNameOfContact },
  tags: tagsOfContact,
};
export type TContactListRow = {
  contact: {
    id: string;
    kind: TContactRow['kind'];
    name: string;
    roles: string[];
    primaryEmail: string | null;
    primaryPhone: string | null;
    city: string | null;
    countryCode: string | null;
    taxNumber: string | null;
    ownerId: string | null;
    createdAt: Date;
    updatedAt: Date;
  };
  /** Null, or both its fields null, for a contact of no organisation. */
  organisation: { id: string | null; name: string | null } | null;
  tags: TContactTagOfRow[];
};

export const organisationJoin = and(
  eq(organisations.companyId, contacts.companyId),
  eq(organisations.id, contacts.organisationId),
);

/**
 * The ids of a page of the filter, picked through the view: a subquery to read their rows by. Its
 * placeholders: the filter's, `limit` and `offset`, and `afterId` with `isAfterId`.
 */
const pageIdsOf = (
  db: TCompilingDb | Queryable,
  shape: TContactFilterShape,
  { isAfterId = false }: { isAfterId?: boolean } = {},
  order = orderOf(tenantContacts, shape),
) =>
  db
    .select({ pageId: sql<string>`${tenantContacts.id}`.as('page_id') })
    .from(tenantContacts)
    .where(
      and(
        filterConditions(tenantContacts, shape),
        isAfterId ? gt(tenantContacts.id, value('afterId')) : undefined,
      ),
    )
    .orderBy(...order)
    .limit(value('limit'))
    .offset(value('offset'))
    .as('page_ids');

/**
 * The rows of a page of ids, with their organisations and tags (and any `more` columns), in `order`;
 * `db` may be a `with` clause the page's ids come from.
 */
const rowsOfPage = <TMore extends Record<string, SQL.Aliased | SQL>>(
  db: Pick<TCompilingDb | Queryable, 'select'>,
  pageIds: ReturnType<typeof pageIdsOf>,
  order: ReturnType<typeof orderOf>,
  more = {} as TMore,
) =>
  db
    .select({ ...listColumns, ...more })
    .from(pageIds)
    .innerJoin(contacts, and(eq(contacts.companyId, value('companyId')), eq(contacts.id, pageIds.pageId)))
    .orderBy(...order);

/** How many contacts pass the filter, counted up to the placeholder `countLimit`. */
const cappedCountOf = (db: TCompilingDb | Queryable, shape: TContactFilterShape) => {
  const { source, where } = walkOf(shape);
  return db
    .select({ total: count() })
    .from(db.select({ one: sql`1` }).from(source).where(where).limit(value('countLimit')).as('capped'));
};

/**
 * What a page of the filter walks, in what order: with a role and no search, that role's entries
 * (migration 0053, docs/decisions/029-contacts-listed-by-role.md), whose sort indexes hold its
 * contacts alone; otherwise every contact of the company, through the view.
 */
const walkOf = (shape: TContactFilterShape) =>
  shape.role && !shape.search
    ? {
        source: tenantContactsByRole,
        where: roleEntryConditions(shape),
        keys: sortKeysOf(tenantContactsByRole, shape),
      }
    : {
        source: tenantContacts,
        where: filterConditions(tenantContacts, shape),
        keys: orderKeysOf(tenantContacts, shape),
      };

// A page is one walk of the filter's contacts in the list's order (docs/decisions/
// 028-contact-pages-in-one-walk.md): from the page's first, through the sort column's index alone
// (its filter columns ride in it, migrations 0037 and 0052), a role's own (`walkOf`) or the
// search's index, as far as the count reaches past the page (`walkLimit`). The page is the walk's
// first `limit` ids, whose rows alone are then read; the total is the offset plus the walk's
// length, since every contact before the page passed the filter too. Page 200 so walks its 5,000
// skipped entries once, not once for the page and again for the count, and page and total stay
// one statement: a single piece of work for PGlite and one message to a server.
const contactPage = compiledStatement<TContactFilterShape, TContactListRow & { walked: number }>(
  (db, shape) => {
    const { source, where, keys } = walkOf(shape);
    const walk = db.$with('walk').as(
      db
        .select({
          walkId: sql<string>`${source.id}`.as('walk_id'),
          ...Object.fromEntries(keys.map(({ key }, place) => [`key${place}`, sql`${key}`.as(`key${place}`)])),
        })
        .from(source)
        .where(where)
        .orderBy(...orderBy(keys))
        .offset(value('offset'))
        .limit(value('walkLimit')),
    );
    const walkKey = (place: number) => sql`${sql.identifier('walk')}.${sql.identifier(`key${place}`)}`;
    const pageIds = db
      .select({ pageId: sql<string>`${walk.walkId}`.as('page_id') })
      .from(walk)
      .orderBy(...orderBy(keys.map(({ isDescending }, place) => ({ key: walkKey(place), isDescending }))))
      .limit(value('limit'))
      .as('page_ids');
    return rowsOfPage(db.with(walk), pageIds, orderOf(contacts, shape), {
      walked: sql<number>`(select count(*) from ${sql.identifier('walk')})`.mapWith(Number),
    });
  },
  { planOf: (shape) => (isPlannedOnce(shape) ? 'once' : 'per-values') },
);

/**
 * Whether a page's plan holds for any values, so it is made once (db/named-statements.ts): a role's
 * walk down its sort index, whose other filters are checked in the index's own entries. A tag or a
 * date range could instead be cheaper to start from when few contacts pass it, which only the
 * values tell; so could a search.
 */
const isPlannedOnce = (shape: TContactFilterShape) =>
  walkOf(shape).source === tenantContactsByRole &&
  !shape.tagId &&
  !shape.createdFrom &&
  !shape.createdTo &&
  !shape.updatedFrom &&
  !shape.updatedTo;

const cappedContactCount = compiledStatement<TContactFilterShape, { total: number }>(cappedCountOf);

export const findContactPage = async (db: Queryable, filter: TContactFilter) => {
  const shape = shapeOfFilter(filter);
  const values = valuesOfFilter(filter);
  const offset = pageOffset(filter);
  const cap = slidingCountCap(filter);
  const countLimit = cap + 1;
  const rows = await contactPage(db, shape, {
    ...values,
    limit: filter.pageSize,
    offset,
    walkLimit: countLimit - offset,
  });
  // A page past the end still says how many there are.
  const total = rows[0]
    ? offset + rows[0].walked
    : offset === 0
      ? 0
      : ((await cappedContactCount(db, shape, { ...values, countLimit }))[0]?.total ?? 0);
  return { rows, total, cap };
};

const firstContact = compiledStatement<TContactFilterShape, { one: number }>((db, shape) =>
  db
    .select({ one: sql<number>`1` })
    .from(tenantContacts)
    .where(filterConditions(tenantContacts, shape))
    .limit(1),
);

/** Whether any contact passes the filter: a misspelt search asks it of the plain reading first. */
export const hasContacts = async (db: Queryable, filter: TContactFilter) =>
  (await firstContact(db, shapeOfFilter(filter), valuesOfFilter(filter))).length > 0;

/**
 * The next `limit` contacts of a filter after `afterId`, in the order they were added: the export
 * walks the primary key, so its millionth row costs what its first does.
 */
export const findExportBatch = (
  db: Queryable,
  filter: TContactFilter,
  afterId: string | undefined,
  limit: number,
) => {
  const shape = shapeOfFilter(filter);
  const pageIds = pageIdsOf(db, shape, { isAfterId: afterId !== undefined }, [asc(tenantContacts.id)]);
  return rowsOfPage(db, pageIds, [asc(contacts.id)]).execute({
    ...valuesOfFilter(filter),
    afterId,
    limit,
    offset: 0,
  }) as Promise<TContactListRow[]>;
};

export const findContact = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db
    .select({ contact: contacts, organisation: { id: organisations.id, name: organisations.name } })
    .from(contacts)
    .leftJoin(organisations, organisationJoin)
    .where(byContact(companyId, id));
  return row as { contact: TContactRow; organisation: { id: string; name: string } | null } | undefined;
};

/** The rows of `ids` in the company, as they are stored. */
export const findContactRows = (db: Queryable, companyId: string, ids: string[]) =>
  db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids)));

/** Takes the contact's row lock for a change. */
export const lockContact = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db.select().from(contacts).where(byContact(companyId, id)).for('update');
  return row;
};

/** The contacts of `ids` that exist in the company, locked for a change. */
export const lockContacts = async (db: Queryable, companyId: string, ids: string[]) =>
  db
    .select({ id: contacts.id, kind: contacts.kind, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids)))
    .orderBy(asc(contacts.id))
    .for('update');

export const insertContacts = (db: Queryable, rows: TContactInsert[]) => db.insert(contacts).values(rows);

/**
 * Many new contacts, all with the same fields, in one statement of one parameter: the rows travel
 * as JSON, which PostgreSQL reads into the table's own row type. An import writes 100,000; drizzle
 * took longer to build a statement of 500 rows of 25 values than PostgreSQL took to run it, and the
 * garbage of building it made up most of the import's memory.
 */
export const insertManyContacts = async (db: Queryable, rows: TContactInsert[]) => {
  const [first] = rows;
  if (!first) return;
  const columnOf = getTableColumns(contacts);
  const fields = Object.keys(first) as (keyof TContactInsert)[];
  const names = fields.map((field) => columnOf[field].name);
  const columnList = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(fields.map((field, index) => [names[index], row[field] ?? null]))),
  );
  await db.execute(
    sql`insert into ${contacts} (${columnList}) select ${columnList} from jsonb_populate_recordset(null::${contacts}, ${json}::jsonb)`,
  );
};

export const updateContact = (
  db: Queryable,
  companyId: string,
  id: string,
  changes: Partial<Omit<TContactInsert, 'companyId' | 'id' | 'kind' | 'createdAt' | 'createdBy'>>,
) =>
  db
    .update(contacts)
    .set({ ...changes, updatedAt: new Date() })
    .where(byContact(companyId, id));

export const deleteContacts = (db: Queryable, companyId: string, ids: string[]) =>
  db.delete(contacts).where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids)));

/** Detaches the people of organisations about to go: a person outlives their employer's record. */
export const detachPeople = (db: Queryable, companyId: string, organisationIds: string[]) =>
  db
    .update(contacts)
    .set({ organisationId: null, updatedAt: new Date() })
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.organisationId, organisationIds)));

export const movePeople = (db: Queryable, companyId: string, fromId: string, toId: string) =>
  db
    .update(contacts)
    .set({ organisationId: toId, updatedAt: new Date() })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.organisationId, fromId)));

/** An organisation's people, by name. */
export const findPeople = (db: Queryable, companyId: string, organisationId: string, limit: number) =>
  db
    .select({
      id: contacts.id,
      name: contacts.name,
      jobTitle: contacts.jobTitle,
      primaryEmail: contacts.primaryEmail,
    })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.organisationId, organisationId)))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(limit);

type TLookupRow = {
  id: string;
  kind: TContactRow['kind'];
  name: string;
  primaryEmail: string | null;
  organisation: string | null;
};

const lookupPage = compiledStatement<TContactFilterShape, TLookupRow>((db, shape) => {
  const pageIds = pageIdsOf(db, shape);
  return db
    .select({ ...contactHeadline, organisation: organisations.name })
    .from(pageIds)
    .innerJoin(contacts, and(eq(contacts.companyId, value('companyId')), eq(contacts.id, pageIds.pageId)))
    .leftJoin(organisations, organisationJoin)
    .orderBy(...orderOf(contacts, shape));
});

/** A quick lookup by name or e-mail start, for pickers and the composer. */
export const findLookup = (
  db: Queryable,
  companyId: string,
  {
    search,
    kind,
    limit,
  }: { search: TContactSearch | undefined; kind?: TContactRow['kind'] | undefined; limit: number },
) => {
  const picked = { companyId, search, kind, timeZone: 'UTC', sort: undefined, isDescending: false };
  return lookupPage(db, shapeOfFilter(picked), { ...valuesOfFilter(picked), limit, offset: 0 });
};
