import type { Queryable } from './client.ts';
import {
  recordStatement,
  runRecordedStatement,
  type TCompilingDb,
  type TPreparable,
  type TRecordedStatement,
} from './driver.ts';
import { keepByName, stopKeepingByName, type TStatementPlan } from './named-statements.ts';

// A hot read's statement, built by drizzle once per shape and then run with each request's values
// (docs/decisions/027-compiled-list-statements.md). Building a statement walks drizzle's tree of
// SQL pieces, which cost a list request more of this process's time than reading its rows: the
// contacts list builds two or four statements a request, the same few shapes again and again.

export type { TCompilingDb };

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
  const kept = new Map<string, TRecordedStatement>();
  return (db: Queryable, shape: TShape, values: Record<string, unknown>): Promise<TRow[]> => {
    const key = JSON.stringify(shape);
    let recorded = kept.get(key);
    if (!recorded) {
      // Built in the dialect of the database it will run on, so names are written with its casing.
      recorded = recordStatement(db, (compilingDb) => build(compilingDb, shape));
      if (kept.size >= shapesKept) {
        const [oldestKey, oldest] = kept.entries().next().value as [string, TRecordedStatement];
        kept.delete(oldestKey);
        stopKeepingByName(oldest.text);
      }
      kept.set(key, recorded);
      keepByName(recorded.text, planOf(shape));
    }
    return runRecordedStatement<TRow>(db, recorded, values);
  };
};
