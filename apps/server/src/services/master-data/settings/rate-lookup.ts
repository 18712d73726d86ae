import { trimDecimal } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import { listCurrencies } from '../../../platform/reference/reference-data.ts';
import { findCompanyCurrency } from '../../access/public.ts';
import * as repository from './repository.ts';

// The company's currencies as other modules read them inside their own tenant transaction: the
// base currency, which currencies are in use, and the rate in force on a day (freight charges).

export type TRateInForce = { rate: string; baseCurrency: string; effectiveDate: string };

/** The company's base currency, if it is one we know. */
export const findBaseCurrency = async (db: Queryable, companyId: string) => {
  const currency = await findCompanyCurrency(db, companyId);
  return currency && listCurrencies().some((known) => known.code === currency) ? currency : null;
};

/** The minor units (decimals) of each known ISO 4217 currency. */
export const currencyMinorUnits = (): ReadonlyMap<string, number> =>
  new Map(listCurrencies().map((currency) => [currency.code, currency.minorUnits]));

/** Of `codes`, those the company does not have in use (unknown, withdrawn or switched off). */
export const findCurrenciesNotInUse = async (db: Queryable, companyId: string, codes: string[]) => {
  const known = currencyMinorUnits();
  const unique = [...new Set(codes)];
  const rows = unique.length === 0 ? [] : await repository.findCurrencySettings(db, companyId, unique);
  const switchedOff = new Set(rows.filter((row) => !row.isEnabled).map((row) => row.currencyCode));
  return unique.filter((code) => !known.has(code) || switchedOff.has(code));
};

/**
 * The rate of `currency` against `baseCurrency` in force on `date`, as entered under Currencies;
 * the base currency against itself is 1 on any day. Undefined when no rate is in force.
 */
export const findRateInForce = async (
  db: Queryable,
  query: { companyId: string; baseCurrency: string; currency: string; date: string },
): Promise<TRateInForce | undefined> => {
  if (query.currency === query.baseCurrency)
    return { rate: '1', baseCurrency: query.baseCurrency, effectiveDate: query.date };
  const row = await repository.findRateInForce(db, query);
  return (
    row && { rate: trimDecimal(row.rate), baseCurrency: row.baseCurrency, effectiveDate: row.effectiveDate }
  );
};

/**
 * `findRateInForce` for many currencies and days in one statement (a shipment's charge lines):
 * answers by `"<currency> <date>"`, a pair with no rate in force missing.
 */
export const findRatesInForce = async (
  db: Queryable,
  query: { companyId: string; baseCurrency: string; wanted: { currency: string; date: string }[] },
): Promise<Map<string, TRateInForce>> => {
  const found = new Map<string, TRateInForce>();
  const others: { currency: string; date: string }[] = [];
  for (const pair of query.wanted) {
    if (pair.currency === query.baseCurrency)
      found.set(`${pair.currency} ${pair.date}`, {
        rate: '1',
        baseCurrency: query.baseCurrency,
        effectiveDate: pair.date,
      });
    else others.push(pair);
  }
  for (const row of await repository.findRatesInForce(db, { ...query, wanted: others }))
    found.set(`${row.currency} ${row.date}`, {
      rate: trimDecimal(row.rate),
      baseCurrency: row.baseCurrency,
      effectiveDate: row.effectiveDate,
    });
  return found;
};
