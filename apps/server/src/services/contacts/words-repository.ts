import { and, asc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { compiledStatement } from '../../db/compiled-statement.ts';
import { escapeLike } from '../../db/like-pattern.ts';
import { tenantContactWords } from '../../db/schema/index.ts';
import { value } from './repository.ts';

// The company's dictionary of contact words (migration 0038), filled by a trigger as contacts are
// written: what the search completes and corrects misspellings from.

/** The company's words passing `condition`, in `order`, at most the placeholder `limit`. */
const dictionaryLookup = (condition: SQL, order: SQL[]) =>
  compiledStatement<Record<string, never>, { word: string }>((db) =>
    db
      .select({ word: tenantContactWords.word })
      .from(tenantContactWords)
      .where(and(eq(tenantContactWords.companyId, value('companyId')), condition))
      .orderBy(...order)
      .limit(value('limit')),
  );

const wordsStartingWith = dictionaryLookup(like(tenantContactWords.word, value('pattern')), [
  sql`length(${tenantContactWords.word})`,
  asc(tenantContactWords.word),
]);

/** The company's words that begin with `start`, shortest first. */
export const findWordsStartingWith = async (db: Queryable, companyId: string, start: string, limit: number) =>
  (await wordsStartingWith(db, {}, { companyId, pattern: `${escapeLike(start)}%`, limit })).map(
    (row) => row.word,
  );

/**
 * pg_trgm's default similarity for `%`, set for the transaction so a server's own setting cannot
 * narrow it. Only a search sets it: set in every tenant transaction, it cost a plain page of the
 * list a quarter of its rate on PostgreSQL. A compiled statement, sent when called, not when awaited
 * as a drizzle query is, so it goes ahead of the lookups started after it.
 */
export const useMisspellingSimilarity = async (db: Queryable) => {
  await misspellingSimilarity(db, {}, {});
};

// A compiled statement, so PGlite keeps it prepared as it keeps the lookups (db/named-statements.ts).
const misspellingSimilarity = compiledStatement<Record<string, never>, { threshold: string }>((db) =>
  db
    .select({ threshold: sql<string>`set_config('pg_trgm.similarity_threshold', '0.3', true)` })
    .from(sql`(select) as setting`),
);

const wordsLike = dictionaryLookup(sql`${tenantContactWords.word} % ${value('word')}`, [
  sql`${tenantContactWords.word} <-> ${value('word')}`,
]);

/** The company's words sharing enough letter triples with `word` to be a misspelling of it (`%`). */
export const findWordsLike = async (db: Queryable, companyId: string, word: string, limit: number) =>
  (await wordsLike(db, {}, { companyId, word, limit })).map((row) => row.word);
