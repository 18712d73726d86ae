import { type AnyPgColumn, foreignKey, primaryKey, timestamp } from 'drizzle-orm/pg-core';

// Column groups every schema file repeats, so a table says only what is its own. Each helper makes
// the very column or constraint it replaces: the generated SQL of the schema stays as it was.

/** A point in time; every timestamp of the schema keeps its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made, set by the database. */
export const createdAtColumn = () => timestamptz('created_at').notNull().defaultNow();

/** When the row was made and last changed; spread where a table has both, in that order. */
export const rowTimestamps = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

type TColumnOf<TTableName extends string> = AnyPgColumn<{ tableName: TTableName }>;

/** The key of a company-owned row: its id is unique within its company. */
export const companyRowKey = <TTableName extends string>(table: {
  companyId: TColumnOf<TTableName>;
  id: TColumnOf<TTableName>;
}) => primaryKey({ columns: [table.companyId, table.id] });

/** A reference to another row of the same company, by (company_id, id): no row points across companies. */
export const companyReference = <TTableName extends string, TTargetName extends string>(
  columns: [TColumnOf<TTableName>, TColumnOf<TTableName>],
  target: { companyId: TColumnOf<TTargetName>; id: TColumnOf<TTargetName> },
) => foreignKey({ columns, foreignColumns: [target.companyId, target.id] });
