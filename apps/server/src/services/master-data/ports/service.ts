import {
  portRules,
  type TCustomPortInput,
  type TCustomPortUpdate,
  type TListMeta,
  type TPortEntry,
  type TPortKind,
  type TPortListQuery,
  ZCustomPortCode,
} from '@cargodesk/shared';
import countryCodes from 'country-codes-list';
import type { Db, Tx } from '../../../db/client.ts';
import { pageOfItems } from '../../../db/paging.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, recordAudit, type TAuditActor } from '../../../platform/events/audit.ts';
import type { TChangeFeed } from '../../../platform/events/change-feed.ts';
import { createCompanyCache } from '../../../platform/events/company-cache.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { readSort } from '../../../platform/http/list-sort.ts';
import { compareText } from '../reference/compare-text.ts';
import { createCatalogueIndex, matchesQuery, type TIndexedEntry, toIndexedEntry } from './catalogue-index.ts';
import * as repository from './repository.ts';

export const portMessages = {
  notFound: (kind: TPortKind) => (kind === 'airport' ? 'No such airport' : 'No such ocean port'),
  notCustom: 'Catalogue entries cannot be changed; add your own entry instead',
  duplicate: (code: string) => `${code} already exists`,
  unknownCountry: 'is not a known country code',
} as const;

type TCustomRow = repository.TCustomPortRow;

const countryNames = new Map(
  countryCodes.all().map((country) => [country.countryCode, country.countryNameEn]),
);

const customEntry = (kind: TPortKind, row: TCustomRow): TIndexedEntry =>
  toIndexedEntry(
    kind,
    {
      id: row.code,
      code: row.code,
      iata_code: kind === 'airport' && row.code.length === 3 ? row.code : null,
      icao_code: kind === 'airport' && row.code.length === 4 ? row.code : null,
      name: row.name,
      city: row.city,
      country_code: row.countryCode,
      country_name: row.countryName,
      latitude: row.latitude,
      longitude: row.longitude,
      timezone: null,
      retired: false,
    },
    'custom',
  );

const toEntry = (entry: TIndexedEntry, favourites: Set<string>): TPortEntry => ({
  _id: entry._id,
  kind: entry.kind,
  code: entry.code,
  iataCode: entry.iataCode,
  icaoCode: entry.icaoCode,
  name: entry.name,
  city: entry.city,
  countryCode: entry.countryCode,
  countryName: entry.countryName,
  latitude: entry.latitude,
  longitude: entry.longitude,
  timezone: entry.timezone,
  source: entry.source,
  isFavourite: favourites.has(entry._id),
  retired: entry.retired,
});

const sortKeyOf = {
  code: (entry: TIndexedEntry) => entry.code,
  name: (entry: TIndexedEntry) => entry.sortName,
  city: (entry: TIndexedEntry) => entry.sortCity,
  country: (entry: TIndexedEntry) => entry.sortCountry,
} as const;

const parseSort = (sort: string | undefined) => {
  const parsed = readSort(sort, sortKeyOf);
  return parsed && { key: parsed.by, direction: parsed.isDescending ? -1 : 1 };
};

/** Ocean ports and airports: global catalogues searched server-side, plus each company's own and favourites. */
export const createPortsService = (
  { db }: { db: Db },
  changes: Pick<TChangeFeed, 'subscribe' | 'isLive'>,
) => {
  const catalogues = createCatalogueIndex(changes);

  const favouriteCodes = async (tx: Tx, companyId: string, kind: TPortKind) =>
    new Set(await repository.findFavouriteCodes(tx, companyId, kind));

  // A company's own entries and favourites, kept until a trigger announces a change (migration 0026).
  const companyEntries = createCompanyCache<{ custom: TIndexedEntry[]; favourites: Set<string> }>(changes, {
    changeKind: 'ports',
  });

  /** What a search looks through: from memory when all of it is there, else read in one transaction. */
  const readSearchable = async (companyId: string, kind: TPortKind) => {
    const kept = companyEntries.lookup(companyId, kind);
    const catalogue = catalogues.cached(kind);
    if (kept.value && catalogue) return { catalogue, ...kept.value };
    const read = await withTenantRead(db, companyId, async (tx) => ({
      catalogue: await catalogues.read(tx, kind),
      custom: (await repository.findCustomPorts(tx, companyId, kind)).map((row) => customEntry(kind, row)),
      favourites: await favouriteCodes(tx, companyId, kind),
    }));
    kept.keep({ custom: read.custom, favourites: read.favourites });
    return read;
  };

  /** A custom entry by its code, else a catalogue entry by id (or an airport by IATA code). */
  const findEntry = async (tx: Tx, companyId: string, kind: TPortKind, code: string) => {
    const custom = await repository.findCustomPort(tx, companyId, kind, code);
    const catalogue = await catalogues.read(tx, kind);
    const entry = custom
      ? customEntry(kind, custom)
      : (catalogue.byId.get(code) ?? (kind === 'airport' ? catalogue.byAltCode.get(code) : undefined));
    if (!entry) return undefined;
    return toEntry(entry, new Set(await repository.findFavouriteCodes(tx, companyId, kind, entry._id)));
  };

  const requireEntry = async (tx: Tx, companyId: string, kind: TPortKind, code: string) => {
    const entry = await findEntry(tx, companyId, kind, code);
    if (!entry) throw new AppError('NOT_FOUND', portMessages.notFound(kind));
    return entry;
  };

  const requireCustom = async (tx: Tx, companyId: string, kind: TPortKind, code: string) => {
    const row = await repository.findCustomPort(tx, companyId, kind, code);
    if (!row) {
      // A catalogue entry exists but is not the company's to change: say so; otherwise it is unknown.
      const catalogue = await findEntry(tx, companyId, kind, code);
      if (catalogue?.source === 'catalogue') throw new AppError('CONFLICT', portMessages.notCustom);
      throw new AppError('NOT_FOUND', portMessages.notFound(kind));
    }
    return row;
  };

  const assertCountry = (countryCode: string) => {
    if (!countryNames.has(countryCode)) {
      throw new AppError('VALIDATION_FAILED', `Invalid body: countryCode ${portMessages.unknownCountry}`, {
        fields: [{ field: 'countryCode', message: portMessages.unknownCountry }],
      });
    }
  };

  const assertCodeFree = async (tx: Tx, kind: TPortKind, code: string) => {
    if (await repository.isCatalogueCodeTaken(tx, kind, code)) {
      throw new AppError('CONFLICT', portMessages.duplicate(code));
    }
  };

  return {
    list: async (
      auth: TAuthContext,
      kind: TPortKind,
      query: TPortListQuery,
    ): Promise<{ data: TPortEntry[]; meta: TListMeta }> => {
      const { page, pageSize } = query;
      const sort = parseSort(query.sort);
      const { catalogue, custom, favourites } = await readSearchable(auth.companyId, kind);
      const search = query.q?.trim() ?? '';
      const text = { lower: search.toLowerCase(), upper: search.toUpperCase() };
      const upper = text.upper;
      const isWanted = (entry: TIndexedEntry) =>
        (!query.country || entry.countryCode === query.country) &&
        (query.favourites !== 'true' || favourites.has(entry._id)) &&
        (!query.source || entry.source === query.source);
      const candidates =
        search === ''
          ? [...custom, ...catalogue.entries]
          : [...custom.filter((entry) => matchesQuery(entry, text)), ...catalogue.search(text)];
      const found = candidates.filter(isWanted);
      if (sort) {
        found.sort(
          (left, right) =>
            sort.direction * compareText(sort.key(left), sort.key(right)) || compareText(left._id, right._id),
        );
      } else {
        // Exact code hits first, then favourites, current before retired, then by name.
        const rank = (entry: TIndexedEntry) =>
          (upper !== '' && entry.codes.includes(upper) ? 0 : 4) +
          (favourites.has(entry._id) ? 0 : 2) +
          (entry.retired ? 1 : 0);
        found.sort(
          (left, right) =>
            rank(left) - rank(right) ||
            compareText(left.sortName, right.sortName) ||
            compareText(left._id, right._id),
        );
      }
      const { data, meta } = pageOfItems(found, { page, pageSize });
      return { data: data.map((entry) => toEntry(entry, favourites)), meta };
    },

    get: async (auth: TAuthContext, kind: TPortKind, code: string) =>
      withTenantRead(db, auth.companyId, (tx) => requireEntry(tx, auth.companyId, kind, code)),

    create: async (auth: TAuthContext, actor: TAuditActor, kind: TPortKind, input: TCustomPortInput) => {
      if (!ZCustomPortCode[kind].safeParse(input.code).success) {
        throw new AppError('VALIDATION_FAILED', `Invalid body: code ${portRules.codeHint[kind]}`, {
          fields: [{ field: 'code', message: portRules.codeHint[kind] }],
        });
      }
      assertCountry(input.countryCode);
      return withTenant(db, auth.companyId, async (tx) => {
        await assertCodeFree(tx, kind, input.code);
        try {
          await repository.insertCustomPort(tx, {
            companyId: auth.companyId,
            id: createId(),
            kind,
            code: input.code,
            name: input.name,
            city: input.city ?? '',
            countryCode: input.countryCode,
            countryName: countryNames.get(input.countryCode) ?? '',
            latitude: input.latitude ?? null,
            longitude: input.longitude ?? null,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', portMessages.duplicate(input.code));
          throw error;
        }
        const entry = await requireEntry(tx, auth.companyId, kind, input.code);
        await auditTrails.port(tx, actor, 'create', `${kind}:${entry._id}`, { after: entry });
        return entry;
      });
    },

    update: async (
      auth: TAuthContext,
      actor: TAuditActor,
      kind: TPortKind,
      code: string,
      input: TCustomPortUpdate,
    ) => {
      if (input.countryCode !== undefined) assertCountry(input.countryCode);
      return withTenant(db, auth.companyId, async (tx) => {
        const row = await requireCustom(tx, auth.companyId, kind, code);
        const before = await requireEntry(tx, auth.companyId, kind, code);
        await repository.updateCustomPort(tx, auth.companyId, row.id, {
          ...input,
          ...(input.countryCode ? { countryName: countryNames.get(input.countryCode) ?? '' } : {}),
        });
        const after = await requireEntry(tx, auth.companyId, kind, code);
        await auditTrails.port(tx, actor, 'update', `${kind}:${code}`, { before, after });
        return after;
      });
    },

    remove: async (auth: TAuthContext, actor: TAuditActor, kind: TPortKind, code: string) =>
      withTenant(db, auth.companyId, async (tx) => {
        const row = await requireCustom(tx, auth.companyId, kind, code);
        const before = await requireEntry(tx, auth.companyId, kind, code);
        await repository.deleteCustomPort(tx, auth.companyId, row.id);
        await repository.deleteFavourite(tx, auth.companyId, kind, code);
        await auditTrails.port(tx, actor, 'delete', `${kind}:${code}`, { before });
        return { deleted: true as const };
      }),

    setFavourite: async (
      auth: TAuthContext,
      actor: TAuditActor,
      kind: TPortKind,
      code: string,
      isFavourite: boolean,
    ) =>
      withTenant(db, auth.companyId, async (tx) => {
        const entry = await requireEntry(tx, auth.companyId, kind, code);
        if (entry.isFavourite === isFavourite) return entry;
        if (isFavourite) {
          await repository.insertFavourite(tx, auth.companyId, kind, entry._id);
        } else {
          await repository.deleteFavourite(tx, auth.companyId, kind, entry._id);
        }
        await recordAudit(tx, actor, {
          entityType: 'port-favourite',
          entityId: `${kind}:${entry._id}`,
          action: isFavourite ? 'create' : 'delete',
          ...(isFavourite ? { after: { isFavourite } } : { before: { isFavourite: true } }),
        });
        return { ...entry, isFavourite };
      }),
  };
};
