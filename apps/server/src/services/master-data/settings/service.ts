import type {
  TBaseCurrency,
  TCountrySetting,
  TCountrySettingsQuery,
  TCountrySettingsUpdate,
  TCurrencySetting,
  TCurrencySettingsQuery,
  TCurrencySettingsUpdate,
  TExchangeRate,
  TExchangeRateAtQuery,
  TExchangeRateCorrection,
  TExchangeRateHistoryQuery,
  TExchangeRateInput,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../../db/client.ts';
import { listMeta, pageOfItems } from '../../../db/paging.ts';
import { inSavepointOrConflict } from '../../../db/savepoint-conflict.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { readSort } from '../../../platform/http/list-sort.ts';
import { listCountries, listCurrencies } from '../../../platform/reference/reference-data.ts';
import { findCompanyCurrency, setCompanyCurrency } from '../../access/public.ts';
import { compareText } from '../reference/compare-text.ts';
import * as repository from './repository.ts';

export const settingsMessages = {
  unknownCountries: (codes: string[]) => `Unknown country codes: ${codes.join(', ')}`,
  unknownCurrencies: (codes: string[]) => `Unknown or withdrawn currency codes: ${codes.join(', ')}`,
  noBaseCurrency: 'Choose your company’s base currency before entering exchange rates',
  rateForBase: 'The base currency has no exchange rate against itself',
  duplicateRate: (currency: string, date: string) => `${currency} already has a rate effective ${date}`,
  noRate: (currency: string, date: string) => `No ${currency} rate is in force on ${date}`,
  rateNotFound: 'No such exchange rate in your company',
} as const;

const sortBy = <T>(
  items: T[],
  sort: string | undefined,
  keys: Record<string, (item: T) => string | number>,
) => {
  const parsed = readSort(sort, keys);
  if (!parsed) return items;
  const { by: key, isDescending } = parsed;
  const direction = isDescending ? -1 : 1;
  return [...items].sort((left, right) => {
    const [a, b] = [key(left), key(right)];
    return (
      direction * (typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a), String(b)))
    );
  });
};

const toRate = (row: repository.TExchangeRateRow): TExchangeRate => ({
  _id: row.id,
  currency: row.currencyCode,
  baseCurrency: row.baseCurrency,
  // numeric comes back as a string with trailing zeros: show it as entered.
  rate: row.rate.includes('.') ? row.rate.replace(/0+$/, '').replace(/\.$/, '') : row.rate,
  effectiveDate: row.effectiveDate,
  createdAt: row.createdAt.toISOString(),
});

const today = () => new Date().toISOString().slice(0, 10);

/** A company's countries and currencies over the global lists, its base currency and exchange rates. */
export const createSettingsService = ({ db }: { db: Db }) => {
  const countries = listCountries();
  const countryCodes = new Set(countries.map((country) => country.code));
  const currencies = listCurrencies();
  const currencyCodes = new Set(currencies.map((currency) => currency.code));

  /** The company's base currency (iam keeps it on the company), if it is one we know. */
  const baseCurrencyOf = async (tx: Tx, companyId: string) => {
    const currency = await findCompanyCurrency(tx, companyId);
    return currency && currencyCodes.has(currency) ? currency : null;
  };

  const assertKnown = (codes: string[], known: Set<string>, message: (codes: string[]) => string) => {
    const unknown = codes.filter((code) => !known.has(code));
    if (unknown.length > 0) {
      throw new AppError('VALIDATION_FAILED', `Invalid body: codes ${message(unknown)}`, {
        fields: [{ field: 'codes', message: message(unknown) }],
      });
    }
  };

  const readCountrySettings = async (tx: Tx, companyId: string): Promise<TCountrySetting[]> => {
    const rows = await repository.findCountrySettings(tx, companyId);
    const byCode = new Map(rows.map((row) => [row.countryCode, row]));
    return countries.map((country) => ({
      ...country,
      isEnabled: byCode.get(country.code)?.isEnabled ?? true,
      isFavourite: byCode.get(country.code)?.isFavourite ?? false,
    }));
  };

  /** The rate in force on `date` for each currency (latest effective date on or before it). */
  const ratesInForce = async (tx: Tx, companyId: string, baseCurrency: string, date: string) => {
    const rows = await repository.findRatesUpTo(tx, companyId, baseCurrency, date);
    const latest = new Map<string, TExchangeRate>();
    for (const row of rows) if (!latest.has(row.currencyCode)) latest.set(row.currencyCode, toRate(row));
    return latest;
  };

  return {
    listCountrySettings: async (auth: TAuthContext, query: TCountrySettingsQuery) => {
      const all = await withTenantRead(db, auth.companyId, (tx) => readCountrySettings(tx, auth.companyId));
      const search = query.q?.toLowerCase() ?? '';
      const found = all.filter(
        (country) =>
          (search === '' ||
            country.name.toLowerCase().includes(search) ||
            country.localName.toLowerCase().includes(search) ||
            country.code.toLowerCase() === search ||
            country.alpha3.toLowerCase() === search ||
            country.callingCode === search.replace(/^\+/, '') ||
            country.currency.toLowerCase() === search) &&
          (query.enabled === undefined || String(country.isEnabled) === query.enabled) &&
          (query.favourites !== 'true' || country.isFavourite) &&
          (!query.region || country.region === query.region),
      );
      // Favourites first unless the caller sorts; the list is already by name.
      const ordered = query.sort
        ? sortBy(found, query.sort, {
            name: (country) => country.name.toLowerCase(),
            code: (country) => country.code,
            region: (country) => country.region,
            callingCode: (country) => Number(country.callingCode.replace(/\D/g, '') || 0),
            currency: (country) => country.currency,
          })
        : [...found].sort((left, right) => Number(right.isFavourite) - Number(left.isFavourite));
      return pageOfItems(ordered, query);
    },

    updateCountrySettings: async (auth: TAuthContext, actor: TAuditActor, input: TCountrySettingsUpdate) => {
      const codes = [...new Set(input.codes)];
      assertKnown(codes, countryCodes, settingsMessages.unknownCountries);
      return withTenant(db, auth.companyId, async (tx) => {
        const before = new Map(
          (await readCountrySettings(tx, auth.companyId)).map((country) => [country.code, country]),
        );
        for (const code of codes) {
          const current = before.get(code);
          const next = {
            isEnabled: input.isEnabled ?? current?.isEnabled ?? true,
            isFavourite: input.isFavourite ?? current?.isFavourite ?? false,
          };
          if (next.isEnabled === current?.isEnabled && next.isFavourite === current?.isFavourite) continue;
          await repository.upsertCountrySetting(tx, auth.companyId, code, next);
          await auditTrails['country-setting'](tx, actor, 'update', code, {
            before: { isEnabled: current?.isEnabled, isFavourite: current?.isFavourite },
            after: next,
          });
        }
        const after = await readCountrySettings(tx, auth.companyId);
        return after.filter((country) => codes.includes(country.code));
      });
    },

    getBaseCurrency: async (auth: TAuthContext): Promise<TBaseCurrency> =>
      withTenantRead(db, auth.companyId, async (tx) => ({
        baseCurrency: await baseCurrencyOf(tx, auth.companyId),
      })),

    setBaseCurrency: async (auth: TAuthContext, actor: TAuditActor, baseCurrency: string) => {
      assertKnown([baseCurrency], currencyCodes, settingsMessages.unknownCurrencies);
      return withTenant(db, auth.companyId, async (tx) => {
        const before = await baseCurrencyOf(tx, auth.companyId);
        if (before !== baseCurrency) {
          await setCompanyCurrency(tx, auth.companyId, baseCurrency);
          await auditTrails.company(tx, actor, 'update', auth.companyId, {
            before: { currency: before },
            after: { currency: baseCurrency },
          });
        }
        return { baseCurrency };
      });
    },

    listCurrencySettings: async (auth: TAuthContext, query: TCurrencySettingsQuery) => {
      const { settings, baseCurrency, rates } = await withTenantRead(db, auth.companyId, async (tx) => {
        const base = await baseCurrencyOf(tx, auth.companyId);
        return {
          baseCurrency: base,
          settings: await repository.findCurrencySettings(tx, auth.companyId),
          rates: base
            ? await ratesInForce(tx, auth.companyId, base, today())
            : new Map<string, TExchangeRate>(),
        };
      });
      const enabled = new Map(settings.map((row) => [row.currencyCode, row.isEnabled]));
      const all: TCurrencySetting[] = currencies.map((currency) => ({
        ...currency,
        isEnabled: enabled.get(currency.code) ?? true,
        isBase: currency.code === baseCurrency,
        currentRate: rates.get(currency.code) ?? null,
      }));
      const search = query.q?.toLowerCase() ?? '';
      const found = all.filter(
        (currency) =>
          (search === '' ||
            currency.code.toLowerCase().includes(search) ||
            currency.name.toLowerCase().includes(search)) &&
          (query.enabled === undefined || String(currency.isEnabled) === query.enabled),
      );
      const ordered = query.sort
        ? sortBy(found, query.sort, {
            code: (currency) => currency.code,
            name: (currency) => currency.name.toLowerCase(),
            minorUnits: (currency) => currency.minorUnits,
          })
        : [...found].sort((left, right) => Number(right.isBase) - Number(left.isBase));
      return pageOfItems(ordered, query);
    },

    updateCurrencySettings: async (
      auth: TAuthContext,
      actor: TAuditActor,
      input: TCurrencySettingsUpdate,
    ) => {
      const codes = [...new Set(input.codes)];
      assertKnown(codes, currencyCodes, settingsMessages.unknownCurrencies);
      return withTenant(db, auth.companyId, async (tx) => {
        const rows = await repository.findCurrencySettings(tx, auth.companyId, codes);
        const current = new Map(rows.map((row) => [row.currencyCode, row.isEnabled]));
        for (const code of codes) {
          const before = current.get(code) ?? true;
          if (before === input.isEnabled) continue;
          await repository.upsertCurrencySetting(tx, auth.companyId, code, input.isEnabled);
          await auditTrails['currency-setting'](tx, actor, 'update', code, {
            before: { isEnabled: before },
            after: { isEnabled: input.isEnabled },
          });
        }
        return codes.map((code) => ({ code, isEnabled: input.isEnabled }));
      });
    },

    addExchangeRate: async (auth: TAuthContext, actor: TAuditActor, input: TExchangeRateInput) => {
      assertKnown([input.currency], currencyCodes, settingsMessages.unknownCurrencies);
      return withTenant(db, auth.companyId, async (tx) => {
        const baseCurrency = await baseCurrencyOf(tx, auth.companyId);
        if (!baseCurrency) throw new AppError('CONFLICT', settingsMessages.noBaseCurrency);
        if (baseCurrency === input.currency) {
          throw new AppError('VALIDATION_FAILED', `Invalid body: currency ${settingsMessages.rateForBase}`, {
            fields: [{ field: 'currency', message: settingsMessages.rateForBase }],
          });
        }
        const id = createId();
        // A savepoint, so a duplicate date leaves the transaction usable for the error.
        await inSavepointOrConflict(
          tx,
          (savepoint) =>
            repository.insertExchangeRate(savepoint, {
              companyId: auth.companyId,
              id,
              baseCurrency,
              currencyCode: input.currency,
              rate: String(input.rate),
              effectiveDate: input.effectiveDate,
              createdByUserId: auth.userId,
            }),
          // The day in the details too, so a screen can write it in its reader's date format.
          () =>
            new AppError('CONFLICT', settingsMessages.duplicateRate(input.currency, input.effectiveDate), {
              currency: input.currency,
              effectiveDate: input.effectiveDate,
            }),
        );
        const row = await repository.findExchangeRate(tx, auth.companyId, id);
        if (!row) throw new Error('The exchange rate just written is missing');
        const rate = toRate(row);
        await auditTrails['exchange-rate'](tx, actor, 'create', id, { after: rate });
        return rate;
      });
    },

    listExchangeRates: async (auth: TAuthContext, query: TExchangeRateHistoryQuery) =>
      withTenant(db, auth.companyId, async (tx) => {
        const baseCurrency = await baseCurrencyOf(tx, auth.companyId);
        if (!baseCurrency) return { data: [], meta: listMeta(0, query) };
        const { rows, total } = await repository.findRateHistoryPage(
          tx,
          { companyId: auth.companyId, baseCurrency, currency: query.currency },
          query,
        );
        return { data: rows.map(toRate), meta: listMeta(total, query) };
      }),

    exchangeRateAt: async (auth: TAuthContext, query: TExchangeRateAtQuery) =>
      withTenant(db, auth.companyId, async (tx) => {
        const baseCurrency = await baseCurrencyOf(tx, auth.companyId);
        const rate = baseCurrency
          ? (await ratesInForce(tx, auth.companyId, baseCurrency, query.date)).get(query.currency)
          : undefined;
        if (!rate) {
          throw new AppError('NOT_FOUND', settingsMessages.noRate(query.currency, query.date), {
            currency: query.currency,
            date: query.date,
          });
        }
        return rate;
      }),

    /** Corrects the rate of an entry; its date, currency and base stay. The same rate again changes nothing. */
    correctExchangeRate: async (
      auth: TAuthContext,
      actor: TAuditActor,
      id: string,
      input: TExchangeRateCorrection,
    ) =>
      withTenant(db, auth.companyId, async (tx) => {
        const row = await repository.findExchangeRate(tx, auth.companyId, id);
        if (!row) throw new AppError('NOT_FOUND', settingsMessages.rateNotFound);
        const before = toRate(row);
        if (Number(row.rate) === input.rate) return before;
        const updated = await repository.updateExchangeRate(tx, auth.companyId, id, String(input.rate));
        if (!updated) throw new Error('The exchange rate just read is missing');
        const after = toRate(updated);
        await auditTrails['exchange-rate'](tx, actor, 'update', id, {
          before: { rate: before.rate },
          after: { rate: after.rate },
        });
        return after;
      }),

    deleteExchangeRate: async (auth: TAuthContext, actor: TAuditActor, id: string) =>
      withTenant(db, auth.companyId, async (tx) => {
        const row = await repository.findExchangeRate(tx, auth.companyId, id);
        if (!row) throw new AppError('NOT_FOUND', settingsMessages.rateNotFound);
        await repository.deleteExchangeRate(tx, auth.companyId, id);
        await auditTrails['exchange-rate'](tx, actor, 'delete', id, { before: toRate(row) });
        return { deleted: true as const };
      }),
  };
};
