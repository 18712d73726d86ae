import type { TListMeta, TPortEntry } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import type { TAirportSeed, TSeaPortSeed } from '../../../db/seed/catalogue-seed.ts';
import { readCatalogueSeed } from '../../../db/seed/catalogues.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

const base = '/master/api/v1';

describe.each(behaviourDatabaseKinds)('master ports and airports on %s', (kind) => {
  let testApp: TIamTestApp;
  let alpha: TRegistered;
  let bravo: TRegistered;
  let viewer: TRegistered;
  let powerless: TRegistered;

  const call = routeCaller(() => testApp.app, base);
  const auditOf = auditReader(() => testApp.database.db);

  const list = async (url: string, token = alpha.jwt) => {
    const response = await call('GET', url, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: TPortEntry[]; meta: TListMeta };
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    alpha = await testApp.register('ports-alpha', 'Alpha Ports');
    bravo = await testApp.register('ports-bravo', 'Bravo Ports');
    viewer = await testApp.addUser(alpha, { label: 'ports-viewer', role: { systemKey: 'viewer' } });
    powerless = await testApp.addUser(alpha, { label: 'ports-none', role: { permissions: [] } });
  });
  afterAll(async () => testApp?.close());

  it('serves the curated sea-port seed without the known errors', async () => {
    const all = await list('/oceanport?pageSize=1');
    expect(all.meta.total).toBe(readCatalogueSeed<TSeaPortSeed>('seaports.json').length);
    expect(all.meta.total).toBeGreaterThan(1500);
    // Netherlands Antilles codes, duplicate pairs and the out-of-country point are gone…
    for (const code of ['ANCUR', 'CNSGH', 'CNDAL', 'CNQIN', 'CNNBO', 'BMSOU', 'CLCAP']) {
      expect((await call('GET', `/oceanport/${code}`, alpha.jwt)).statusCode, code).toBe(404);
    }
    // …and swapped coordinates are corrected (Matadi lies in Congo, not Mali).
    const matadi = (await call('GET', '/oceanport/CDMAT', alpha.jwt)).json() as { data: TPortEntry };
    expect(matadi.data).toMatchObject({ code: 'CDMAT', countryCode: 'CD', source: 'catalogue' });
    expect(matadi.data.latitude).toBeCloseTo(-5.82, 1);
    expect(matadi.data.longitude).toBeCloseTo(13.45, 1);
  });

  it('searches ocean ports by code, name, city and country with pagination', async () => {
    const byCode = await list('/oceanport?q=nlrtm');
    expect(byCode.data[0]).toMatchObject({ code: 'NLRTM', name: 'Rotterdam', countryName: 'Netherlands' });
    const byName = await list('/oceanport?q=hamburg');
    expect(byName.data.map((port) => port.code)).toContain('DEHAM');
    const byCountry = await list('/oceanport?q=Netherlands&pageSize=5');
    expect(byCountry.meta.total).toBeGreaterThan(5);
    expect(byCountry.data).toHaveLength(5);
    expect(byCountry.data.every((port) => port.countryCode === 'NL')).toBe(true);
    const page2 = await list('/oceanport?q=Netherlands&pageSize=5&page=2');
    expect(page2.data[0]?.code).not.toBe(byCountry.data[0]?.code);
    const sorted = await list('/oceanport?country=NL&sort=-code&pageSize=3');
    const codes = sorted.data.map((port) => port.code);
    expect(codes).toEqual([...codes].sort().reverse());
    const nothing = await list('/oceanport?q=%25%25zzz');
    expect(nothing).toEqual({ data: [], meta: { total: 0, page: 1, pageSize: 20 } });
    expect((await call('GET', '/oceanport?sort=secret', alpha.jwt)).statusCode).toBe(400);
  });

  it('serves OurAirports medium and large airports, found by IATA, ICAO or city', async () => {
    const all = await list('/airport?pageSize=1');
    expect(all.meta.total).toBe(readCatalogueSeed<TAirportSeed>('airports.json').length);
    const ams = await list('/airport?q=AMS');
    expect(ams.data[0]).toMatchObject({
      code: 'AMS',
      icaoCode: 'EHAM',
      countryCode: 'NL',
      timezone: 'Europe/Amsterdam',
    });
    const byIcao = await list('/airport?q=eham');
    expect(byIcao.data[0]?.iataCode).toBe('AMS');
    const byCity = await list('/airport?q=Frankfurt');
    expect(byCity.data.map((airport) => airport.iataCode)).toContain('FRA');
    const detail = (await call('GET', '/airport/LHR', alpha.jwt)).json() as { data: TPortEntry };
    expect(detail.data).toMatchObject({ _id: 'EGLL', iataCode: 'LHR', countryCode: 'GB' });
    expect(detail.data.latitude).toBeCloseTo(51.47, 1);
    // A flight's times show in its airport's clock: Denver is not on New York's.
    const denver = await list('/airport?q=DEN');
    expect(denver.data.find((airport) => airport.code === 'DEN')?.timezone).toBe('America/Denver');
  });

  it('adds a custom airport, finds it, edits and deletes it, with audit rows', async () => {
    const created = await call('POST', '/airport', alpha.jwt, {
      code: 'zzq',
      name: 'Alpha Private Strip',
      city: 'Nowhere',
      countryCode: 'NL',
      latitude: 52.1,
      longitude: 5.1,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { data: TPortEntry }).data).toMatchObject({
      _id: 'ZZQ',
      iataCode: 'ZZQ',
      source: 'custom',
      countryName: 'Netherlands',
    });
    expect((await list('/airport?q=Private Strip')).data[0]?.code).toBe('ZZQ');
    expect((await list('/airport?source=custom')).meta.total).toBe(1);
    // Another company sees neither the entry nor can it touch it.
    expect((await list('/airport?q=ZZQ', bravo.jwt)).data.find((a) => a.code === 'ZZQ')).toBeUndefined();
    expect((await call('GET', '/airport/ZZQ', bravo.jwt)).statusCode).toBe(404);
    expect((await call('PATCH', '/airport/ZZQ', bravo.jwt, { name: 'Taken' })).statusCode).toBe(404);
    expect((await call('DELETE', '/airport/ZZQ', bravo.jwt)).statusCode).toBe(404);

    const edited = await call('PATCH', '/airport/ZZQ', alpha.jwt, { name: 'Alpha Strip' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('DELETE', '/airport/ZZQ', alpha.jwt)).statusCode).toBe(200);
    expect((await call('GET', '/airport/ZZQ', alpha.jwt)).statusCode).toBe(404);
    const events = await auditOf(alpha.companyId, { entityId: 'airport:ZZQ' });
    expect(events.map((event) => [event.entityType, event.action])).toEqual([
      ['port', 'create'],
      ['port', 'update'],
      ['port', 'delete'],
    ]);
    expect(events[1]).toMatchObject({
      before: expect.objectContaining({ name: 'Alpha Private Strip' }),
      after: expect.objectContaining({ name: 'Alpha Strip' }),
    });
  });

  it('refuses duplicates, catalogue codes and catalogue edits with 409', async () => {
    const body = { code: 'ZZABC', name: 'Alpha Jetty', countryCode: 'ZZ' };
    const unknownCountry = await call('POST', '/oceanport', alpha.jwt, body);
    expect(unknownCountry.statusCode).toBe(400);
    const good = { ...body, countryCode: 'NL', code: 'NLZZA' };
    expect((await call('POST', '/oceanport', alpha.jwt, good)).statusCode).toBe(201);
    expect((await call('POST', '/oceanport', alpha.jwt, good)).statusCode).toBe(409);
    // Another company may use the same code for its own entry.
    expect((await call('POST', '/oceanport', bravo.jwt, good)).statusCode).toBe(201);
    const catalogue = await call('POST', '/oceanport', alpha.jwt, { ...good, code: 'NLRTM' });
    expect(catalogue.statusCode).toBe(409);
    expect((await call('POST', '/airport', alpha.jwt, { ...good, code: 'EHAM' })).statusCode).toBe(409);
    expect((await call('PATCH', '/oceanport/NLRTM', alpha.jwt, { name: 'Mine' })).statusCode).toBe(409);
    expect((await call('DELETE', '/oceanport/NLRTM', alpha.jwt)).statusCode).toBe(409);
  });

  it('answers 400 for bad bodies and codes', async () => {
    const valid = { code: 'NLZZB', name: 'Jetty', countryCode: 'NL' };
    for (const body of [
      { ...valid, unexpected: 1 },
      { ...valid, name: 42 },
      { ...valid, name: 'x'.repeat(121) },
      { ...valid, name: '' },
      { ...valid, code: 'N1' },
      { ...valid, code: 'NL-ZZ' },
      { ...valid, latitude: 91 },
      { ...valid, longitude: 'east' },
      { ...valid, countryCode: 'nl' },
    ]) {
      const response = await call('POST', '/oceanport', alpha.jwt, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await call('POST', '/airport', alpha.jwt, { ...valid, code: 'AB' })).statusCode).toBe(400);
    expect((await call('GET', '/oceanport/not-a-code', alpha.jwt)).statusCode).toBe(400);
    expect((await call('GET', '/oceanport?pageSize=1000', alpha.jwt)).statusCode).toBe(400);
  });

  it('marks favourites per company and lists them first', async () => {
    const marked = await call('PUT', '/oceanport/DEHAM/favourite', alpha.jwt);
    expect(marked.statusCode, marked.body).toBe(200);
    expect((marked.json() as { data: TPortEntry }).data.isFavourite).toBe(true);
    const favourites = await list('/oceanport?favourites=true');
    expect(favourites.data.map((port) => port.code)).toEqual(['DEHAM']);
    expect((await list('/oceanport?pageSize=1')).data[0]?.code).toBe('DEHAM');
    expect((await list('/oceanport?favourites=true', bravo.jwt)).meta.total).toBe(0);
    const airportFavourite = await call('PUT', '/airport/LHR/favourite', alpha.jwt);
    expect((airportFavourite.json() as { data: TPortEntry }).data).toMatchObject({
      _id: 'EGLL',
      isFavourite: true,
    });
    expect((await call('DELETE', '/oceanport/DEHAM/favourite', alpha.jwt)).statusCode).toBe(200);
    expect((await list('/oceanport?favourites=true')).meta.total).toBe(0);
    const events = await auditOf(alpha.companyId, { entityId: 'oceanport:DEHAM' });
    expect(events.map((event) => [event.entityType, event.action])).toEqual([
      ['port-favourite', 'create'],
      ['port-favourite', 'delete'],
    ]);
    expect((await call('PUT', '/oceanport/XXXXX/favourite', alpha.jwt)).statusCode).toBe(404);
  });

  it('lets a viewer read but not write, and refuses callers without ports:read', async () => {
    expect((await call('GET', '/oceanport', viewer.jwt)).statusCode).toBe(200);
    const write = await call('POST', '/airport', viewer.jwt, { code: 'ZZV', name: 'V', countryCode: 'NL' });
    expect(write.statusCode).toBe(403);
    expect((await call('PUT', '/airport/LHR/favourite', viewer.jwt)).statusCode).toBe(403);
    expect((await call('GET', '/airport', powerless.jwt)).statusCode).toBe(403);
    expect((await call('GET', '/airport')).statusCode).toBe(401);
  });
});
