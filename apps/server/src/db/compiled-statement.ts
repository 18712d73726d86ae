import type { Query } from 'drizzle-orm';
import {
  PgDatabase,
  type PgDialect,
  type PgPreparedQuery,
  type PgQueryResultHKT,
  PgSession,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';
import { keepByName, stopKeepingByName, type TStatementPlan } from './named-statements.ts';

// A hot read's statement, built by drizzle once per shape and then run with each request's values
// (docs/decisions/027-compiled-list-statements.md). Building a statement walks drizzle's tree of
// SQL pieces, which cost a list request more of this process's time than reading its rows: the
// contacts list builds two or four statements a request, the same few shapes again and again.

/** What drizzle hands a session to prepare: the statement's text and parameters, and how to read its rows. */
type TRecorded = {
  query: Query;
  fields: SelectedFieldsOrdered | undefined;
  isResponseInArrayMode: boolean;
  /** Set by drizzle on a prepared select: which joined tables' columns come back null together. */
  joinsNotNullableMap?: Record<string, boolean>;
  setToken: () => TRecorded;
};

/** A session that runs nothing: it keeps what drizzle would have prepared. */
class RecordingSession extends PgSession<PgQueryResultHKT> {
  override prepareQuery(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    _name: string | undefined,
    isResponseInArrayMode: boolean,
  ) {
    const recorded: TRecorded = { query, fields, isResponseInArrayMode, setToken: () => recorded };
    return recorded as unknown as PgPreparedQuery<never>;
  }

  override transaction(): Promise<never> {
    throw new Error('A statement being compiled runs no transaction');
  }
}

/** A database whose statements are only built: a compiled statement's builder runs against it. */
export type TCompilingDb = PgDatabase<PgQueryResultHKT>;

/** A drizzle query, as a builder hands it back: anything with `prepare()`. */
type TPreparable = { prepare: (name: string) => unknown };

/** Statements kept per kind: the shapes a list's filters make are few, but no caller may grow them unbounded. */
const shapesKept = 200;

/**
 * A statement of `build` per shape, run with values: `build` receives only the shape (which
 * filters are on, the sort, how many words a search has) and writes every value as
 * `sql.placeholder(name)`, so the statement kept for a shape can never hold one request's values.
 * Running it with a missing value throws. On PGlite each shape's statement is kept prepared by name
 * (db/named-statements.ts), planned as `planOf` says for its shape: by default for each run's values.
 */
export const compiledStatement = <TShape, TRow>(
  build: (db: TCompilingDb, shape: TShape) => TPreparable,
  { planOf = () => 'per-values' }: { planOf?: (shape: TShape) => TStatementPlan } = {},
) => {
  const kept = new Map<string, TRecorded>();
  let compilingDb: TCompilingDb | undefined;
  const compile = (db: Queryable, shape: TShape) => {
    // The dialect of the database it will run on, so names are written with its casing.
    const { dialect } = db as unknown as { dialect: PgDialect };
    compilingDb ??= new PgDatabase(dialect, new RecordingSession(dialect), undefined);
    return build(compilingDb, shape).prepare('compiled') as TRecorded;
  };
  return (db: Queryable, shape: TShape, values: Record<string, unknown>): Promise<TRow[]> => {
    const key = JSON.stringify(shape);
    let recorded = kept.get(key);
    if (!recorded) {
      recorded = compile(db, shape);
      if (kept.size >= shapesKept) {
        const [oldestKey, oldest] = kept.entries().next().value as [string, TRecorded];
        kept.delete(oldestKey);
        stopKeepingByName(oldest.query.sql);
      }
      kept.set(key, recorded);
      keepByName(recorded.query.sql, planOf(shape));
    }
    const prepared = db._.session.prepareQuery(
      recorded.query,
      recorded.fields,
      undefined,
      recorded.isResponseInArrayMode,
    ) as PgPreparedQuery<{ execute: TRow[]; all: unknown; values: unknown }> &
      Pick<TRecorded, 'joinsNotNullableMap'>;
    prepared.joinsNotNullableMap = recorded.joinsNotNullableMap;
    return prepared.execute(values);
  };
};
