import type { TPortKind } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import type { TChangeFeed } from '../../../platform/events/change-feed.ts';
import { createCatalogueIndex } from './catalogue-index.ts';
import { findCustomPort } from './repository.ts';

/** A port or airport a record may name: its code, name, country and time zone when known. */
export type TLocation = {
  code: string;
  kind: TPortKind;
  name: string;
  countryCode: string;
  timezone: string | null;
};

/**
 * Finds a code among the company's own ports and airports, then in the catalogues (an ocean port
 * by UN/LOCODE, an airport by IATA code): other modules check the places their records name here.
 * Retired catalogue entries do not count for a new reference.
 */
export const createLocationLookup = (changes: Pick<TChangeFeed, 'subscribe' | 'isLive'>) => {
  const catalogues = createCatalogueIndex(changes);
  const findLocation = async (
    tx: Queryable,
    companyId: string,
    kind: TPortKind,
    code: string,
  ): Promise<TLocation | undefined> => {
    const custom = await findCustomPort(tx, companyId, kind, code);
    if (custom) return { code, kind, name: custom.name, countryCode: custom.countryCode, timezone: null };
    const catalogue = catalogues.cached(kind) ?? (await catalogues.read(tx, kind));
    const entry = kind === 'airport' ? catalogue.byAltCode.get(code) : catalogue.byId.get(code);
    if (!entry || entry.retired) return undefined;
    return { code, kind, name: entry.name, countryCode: entry.countryCode, timezone: entry.timezone };
  };
  return { findLocation };
};

export type TLocationLookup = ReturnType<typeof createLocationLookup>;
