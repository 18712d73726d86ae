import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { executeRows } from '../../../db/driver.ts';
import { pageOffset, type TPage } from '../../../db/paging.ts';
import { companyCountries, companyCurrencies, exchangeRates } from '../../../db/schema/index.ts';

// Queries of a company's country and currency settings and its exchange rates. Every one names the
// company, besides row-level security.

export type TExchangeRateRow = typeof exchangeRates.$inferSelect;
export type TCountryFlags = { isEnabled: boolean; isFavourite: boolean };

export const findCountrySettings = (db: Queryable, companyId: string) =>
  db.select().from(companyCountries).where(eq(companyCountries.companyId, companyId));

export const upsertCountrySetting = (db: Queryable, companyId: string, code: string, flags: TCountryFlags) =>
  db
    .insert(companyCountries)
    .values({ companyId, countryCode: code, ...flags })
    .onConflictDoUpdate({
      target: [companyCountries.companyId, companyCountries.countryCode],
      set: { ...flags, updatedAt: new Date() },
    });

/** The company's currency rows, all or only those of `codes`. */
export const findCurrencySettings = (db: Queryable, companyId: string, codes?: string[]) =>
  db
    .select()
    .from(companyCurrencies)
    .where(
      and(
        eq(companyCurrencies.companyId, companyId),
        codes ? inArray(companyCurrencies.currencyCode, codes) : undefined,
      ),
    );

export const upsertCurrencySetting = (db: Queryable, companyId: string, code: string, isEnabled: boolean) =>
  db
    .insert(companyCurrencies)
    .values({ companyId, currencyCode: code, isEnabled })
    .onConflictDoUpdate({
      target: [companyCurrencies.companyId, companyCurrencies.currencyCode],
      set: { isEnabled, updatedAt: new Date() },
    });

/** A new company's currency rows in one statement. */
export const insertCurrencySettings = (
  db: Queryable,
  companyId: string,
  rows: { currencyCode: string; isEnabled: boolean }[],
) => db.insert(companyCurrencies).values(rows.map((row) => ({ companyId, ...row })));

/** Rates against `baseCurrency` effective on or before `date`, latest first. */
export const findRatesUpTo = (db: Queryable, companyId: string, baseCurrency: string, date: string) =>
  db
    .select()
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.companyId, companyId),
        eq(exchangeRates.baseCurrency, baseCurrency),
        lte(exchangeRates.effectiveDate, date),
      ),
    )
    .orderBy(desc(exchangeRates.effectiveDate));

export const insertExchangeRate = (db: Queryable, values: typeof exchangeRates.$inferInsert) =>
  db.insert(exchangeRates).values(values);

const byRate = (companyId: string, id: string) =>
  and(eq(exchangeRates.companyId, companyId), eq(exchangeRates.id, id));

export const findExchangeRate = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db.select().from(exchangeRates).where(byRate(companyId, id));
  return row;
};

/** Sets an entry's rate; returns the entry as stored, or undefined where there is none. */
export const updateExchangeRate = async (db: Queryable, companyId: string, id: string, rate: string) => {
  const [row] = await db.update(exchangeRates).set({ rate }).where(byRate(companyId, id)).returning();
  return row;
};

export const deleteExchangeRate = (db: Queryable, companyId: string, id: string) =>
  db.delete(exchangeRates).where(byRate(companyId, id));

/** One page of a currency's rate history against the base currency, latest first, and the total. */
export const findRateHistoryPage = async (
  db: Queryable,
  { companyId, baseCurrency, currency }: { companyId: string; baseCurrency: string; currency: string },
  page: TPage,
) => {
  const where = and(
    eq(exchangeRates.companyId, companyId),
    eq(exchangeRates.baseCurrency, baseCurrency),
    eq(exchangeRates.currencyCode, currency),
  );
  // One after the other: a transaction's queries share one connection.
  const [counted] = await db.select({ total: count() }).from(exchangeRates).where(where);
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(where)
    .orderBy(desc(exchangeRates.effectiveDate))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  return { rows, total: counted?.total ?? 0 };
};

/** The rate of `currency` against `baseCurrency` in force on `date` (latest effective on or before it). */
export const findRateInForce = async (
  db: Queryable,
  {
    companyId,
    baseCurrency,
    currency,
    date,
  }: { companyId: string; baseCurrency: string; currency: string; date: string },
) => {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.companyId, companyId),
        eq(exchangeRates.baseCurrency, baseCurrency),
        eq(exchangeRates.currencyCode, currency),
        lte(exchangeRates.effectiveDate, date),
      ),
    )
    .orderBy(desc(exchangeRates.effectiveDate))
    .limit(1);
  return row;
};

/**
 * The rate in force for each wanted currency and day at once: one statement, each pair's latest
 * rate effective on or before its day. Pairs with no rate in force are missing from the answer.
 */
export const findRatesInForce = async (
  db: Queryable,
  {
    companyId,
    baseCurrency,
    wanted,
  }: { companyId: string; baseCurrency: string; wanted: { currency: string; date: string }[] },
) => {
  if (wanted.length === 0) return [];
  const arrayOf = (values: string[]) =>
    sql`array[${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}]`;
  return executeRows<{
    currency: string;
    date: string;
    rate: string;
    baseCurrency: string;
    effectiveDate: string;
  }>(
    db,
    sql`select wanted.currency, wanted.day::text as "date", found.rate::text as rate,
        found.base_currency as "baseCurrency", found.effective_date::text as "effectiveDate"
      from unnest(${arrayOf(wanted.map((pair) => pair.currency))}::text[],
        ${arrayOf(wanted.map((pair) => pair.date))}::date[]) as wanted(currency, day)
      join lateral (select ${exchangeRates.rate}, ${exchangeRates.baseCurrency}, ${exchangeRates.effectiveDate}
        from ${exchangeRates}
        where ${exchangeRates.companyId} = ${companyId} and ${exchangeRates.baseCurrency} = ${baseCurrency}
          and ${exchangeRates.currencyCode} = wanted.currency and ${exchangeRates.effectiveDate} <= wanted.day
        order by ${exchangeRates.effectiveDate} desc limit 1) as found on true`,
  );
};
