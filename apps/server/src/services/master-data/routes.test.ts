import type { TCountry, TCurrency, TDropdownGroup, TTimeZone, TUtcOffset } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseTimeZoneName, utcOffsetLabel } from '../../platform/reference/reference-data.ts';
import { startIamTestApp, type TIamTestApp } from '../access/access-test-support.ts';

const base = '/master/api/v1';

// The lists come from packages, not the database: one database kind is enough.
describe('master reference lists', () => {
  let testApp: TIamTestApp;
  let jwt: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ url: `${base}${url}`, headers: { authorization: jwt, ...headers } });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind: 'pglite' });
    jwt = (await testApp.register('master')).jwt;
  });
  afterAll(async () => testApp?.close());

  it('lists the 250 countries', async () => {
    const response = await get('/country');
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: TCountry[] };
    expect(data).toHaveLength(250);
    expect(data.find((country) => country.code === 'NL')).toMatchObject({
      alpha3: 'NLD',
      name: 'Netherlands',
      callingCode: '31',
      currency: 'EUR',
      flag: '🇳🇱',
    });
    expect(data.find((country) => country.code === 'BG')?.currency).toBe('EUR');
  });

  it("answers the spec's trailing-slash paths as their plain forms", async () => {
    for (const path of [
      '/receivinglocation/',
      '/oceanport/',
      '/airport/',
      '/type/',
      '/dropdown/?module=home',
    ]) {
      const response = await get(path);
      expect(response.statusCode, `${path} ${response.body}`).toBe(200);
    }
  });

  it('lists the 160 active currencies with minor units', async () => {
    const { data } = (await get('/currency-list')).json() as { data: TCurrency[] };
    expect(data).toHaveLength(160);
    expect(data.find((currency) => currency.code === 'JPY')).toMatchObject({ minorUnits: 0, symbol: '¥' });
    expect(data.find((currency) => currency.code === 'KWD')?.minorUnits).toBe(3);
    expect(data.map((currency) => currency.code)).not.toContain('SLL');
    expect(data.map((currency) => currency.code)).not.toContain('XAU');
  });

  it('lists time zones with current offsets and old names as aliases', async () => {
    const { data } = (await get('/timezone')).json() as { data: TTimeZone[] };
    expect(data.length).toBeGreaterThan(300);
    const kyiv = data.find((zone) => zone.name === 'Europe/Kyiv');
    expect(kyiv?.aliases).toContain('Europe/Kiev');
    expect(kyiv?.countryCode).toBe('UA');
    expect(data.find((zone) => zone.name === 'Asia/Kolkata')?.currentOffsetInMinutes).toBe(330);
    expect(normaliseTimeZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(normaliseTimeZoneName('Nowhere/Special')).toBe('Nowhere/Special');
  });

  it('lists the UTC offsets in force today, west to east, with their zones', async () => {
    const { data } = (await get('/timezone-utc')).json() as { data: TUtcOffset[] };
    const offsets = data.map((offset) => offset.offsetInMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(new Set(offsets).size).toBe(offsets.length);
    expect(data.find((offset) => offset.label === 'UTC+05:30')?.zones).toContain('Asia/Kolkata');
    expect(data.find((offset) => offset.offsetInMinutes === 0)?.label).toBe('UTC');
    // Every zone of /timezone is on exactly one offset.
    const zones = (await get('/timezone')).json() as { data: TTimeZone[] };
    expect(data.flatMap((offset) => offset.zones).sort()).toEqual(zones.data.map((zone) => zone.name).sort());
    expect(utcOffsetLabel(-210)).toBe('UTC-03:30');
  });

  it('lists the home picklists the company profile needs', async () => {
    const { data } = (await get('/dropdown?module=home')).json() as { data: TDropdownGroup[] };
    expect(data.map((group) => group.group)).toEqual(['company_type', 'account_type', 'prefered_language']);
    expect(data[2]?.values[0]).toEqual({ label: 'English', value: 'en', order: 1 });
    const unknown = await get('/dropdown?module=elsewhere');
    expect(unknown.json()).toEqual({ data: [] });
  });

  it('answers 400 for a dropdown request without a module', async () => {
    const response = await get('/dropdown');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { fields: [{ field: 'module' }] } },
    });
  });

  it.each(['/country', '/timezone', '/timezone-utc', '/currency-list', '/dropdown?module=home'])(
    'serves %s with an ETag and answers 304 when it matches',
    async (url) => {
      const first = await get(url);
      expect(first.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    },
  );

  it.each(['/country', '/timezone', '/currency-list', '/dropdown?module=home'])(
    'answers 401 on %s without a valid app token',
    async (url) => {
      const missing = await testApp.app.inject({ url: `${base}${url}` });
      expect(missing.statusCode).toBe(401);
      const garbage = await testApp.app.inject({ url: `${base}${url}`, headers: { authorization: 'x.y.z' } });
      expect(garbage.statusCode).toBe(401);
      expect(garbage.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    },
  );
});
