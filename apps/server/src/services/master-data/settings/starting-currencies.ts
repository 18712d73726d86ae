import type { Queryable } from '../../../db/client.ts';
import { listCurrencies } from '../../../platform/reference/reference-data.ts';
import { findCompanyCurrency } from '../../access/public.ts';
import * as repository from './repository.ts';

/**
 * The currencies freight is most often invoiced in, in use for every new company beside its own
 * (docs/decisions/039-a-new-company-starts-with-its-own-currencies.md).
 */
export const majorCurrencyCodes = ['USD', 'EUR', 'GBP', 'CNY'] as const;

/**
 * A new company's currencies in use: its base currency (set from its country at registration) and
 * the majors; every other one starts switched off, one click away on the currencies screen. Runs
 * on the company-created event, in the company's own transaction; companies made before it keep
 * every currency on, as they had.
 */
export const startCompanyCurrencies = async (tx: Queryable, companyId: string) => {
  const baseCurrency = await findCompanyCurrency(tx, companyId);
  const inUse = new Set<string>([...majorCurrencyCodes, ...(baseCurrency ? [baseCurrency] : [])]);
  await repository.insertCurrencySettings(
    tx,
    companyId,
    listCurrencies().map((currency) => ({
      currencyCode: currency.code,
      isEnabled: inUse.has(currency.code),
    })),
  );
};
