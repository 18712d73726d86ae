import type { TCountrySetting, TCurrencySetting, TExchangeRate, TListMeta } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

const base = '/master/api/v1';

describe.each(behaviourDatabaseKinds)('master countries and currencies on %s', (kind) => {
  let testApp: TIamTestApp;
  let alpha: TRegistered;
  let bravo: TRegistered;
  let viewer: TRegistered;

  const call = routeCaller(() => testApp.app, base);
  const auditOf = auditReader(() => testApp.database.db);

  const ok = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    body?: object,
  ) => {
    const response = await call(method, url, token, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json() as T;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    alpha = await testApp.register('settings-alpha', 'Alpha Settings');
    bravo = await testApp.register('settings-bravo', 'Bravo Settings');
    viewer = await testApp.addUser(alpha, { label: 'settings-viewer', role: { systemKey: 'viewer' } });
  });
  afterAll(async () => testApp?.close());

  describe('countries', () => {
    it('lists the 250 countries, searched and paged, all enabled at first', async () => {
      const page = await ok<{ data: TCountrySetting[]; meta: TListMeta }>(
        'GET',
        '/country-settings',
        alpha.jwt,
      );
      expect(page.meta.total).toBe(250);
      expect(page.data).toHaveLength(20);
      expect(page.data.every((country) => country.isEnabled && !country.isFavourite)).toBe(true);
      const netherlands = await ok<{ data: TCountrySetting[] }>('GET', '/country-settings?q=nl', alpha.jwt);
      expect(netherlands.data.map((country) => country.code)).toContain('NL');
      const byCalling = await ok<{ data: TCountrySetting[] }>('GET', '/country-settings?q=%2B31', alpha.jwt);
      expect(byCalling.data.map((country) => country.code)).toEqual(['NL']);
      const sorted = await ok<{ data: TCountrySetting[] }>(
        'GET',
        '/country-settings?sort=-code&pageSize=2',
        alpha.jwt,
      );
      expect(sorted.data.map((country) => country.code)).toEqual(['ZW', 'ZM']);
      expect((await call('GET', '/country-settings?sort=secret', alpha.jwt)).statusCode).toBe(400);
    });

    it('disables and favours countries per company, with audit rows', async () => {
      const updated = await ok<{ data: TCountrySetting[] }>('PUT', '/country-settings', alpha.jwt, {
        codes: ['KP', 'IR'],
        isEnabled: false,
      });
      expect(updated.data.map((country) => [country.code, country.isEnabled])).toEqual([
        ['IR', false],
        ['KP', false],
      ]);
      await ok('PUT', '/country-settings', alpha.jwt, { codes: ['NL'], isFavourite: true });
      const disabled = await ok<{ meta: TListMeta }>('GET', '/country-settings?enabled=false', alpha.jwt);
      expect(disabled.meta.total).toBe(2);
      const first = await ok<{ data: TCountrySetting[] }>('GET', '/country-settings?pageSize=1', alpha.jwt);
      expect(first.data[0]).toMatchObject({ code: 'NL', isFavourite: true });
      // Bravo is untouched.
      expect(
        (await ok<{ meta: TListMeta }>('GET', '/country-settings?enabled=false', bravo.jwt)).meta.total,
      ).toBe(0);
      const events = await auditOf(alpha.companyId, { entityType: 'country-setting' });
      expect(events.map((event) => event.entityId).sort()).toEqual(['IR', 'KP', 'NL']);
      expect(events.find((event) => event.entityId === 'NL')?.after).toEqual({
        isEnabled: true,
        isFavourite: true,
      });
    });

    it('answers 400 for bad bodies and 403 for a viewer', async () => {
      for (const body of [
        { codes: ['NL'] },
        { codes: [], isEnabled: true },
        { codes: ['nl'], isEnabled: true },
        { codes: ['QQ'], isEnabled: true },
        { codes: ['NL'], isEnabled: 'yes' },
        { codes: ['NL'], isEnabled: true, extra: 1 },
      ]) {
        expect(
          (await call('PUT', '/country-settings', alpha.jwt, body)).statusCode,
          JSON.stringify(body),
        ).toBe(400);
      }
      expect((await call('GET', '/country-settings', viewer.jwt)).statusCode).toBe(200);
      expect(
        (await call('PUT', '/country-settings', viewer.jwt, { codes: ['NL'], isEnabled: false })).statusCode,
      ).toBe(403);
      expect((await call('GET', '/country-settings')).statusCode).toBe(401);
    });
  });

  describe('currencies and exchange rates', () => {
    const inUse = async (token: string) =>
      (
        await ok<{ data: TCurrencySetting[] }>('GET', '/currency-settings?enabled=true&pageSize=100', token)
      ).data
        .map((currency) => currency.code)
        .sort();

    /** A registration as the sign-up page sends it, naming the company's country. */
    const registerIn = async (country: string) => {
      const { idToken } = await testApp.signUp(
        `settings-${country.toLowerCase()}-${Date.now()}@example.test`,
      );
      return testApp.app.inject({
        method: 'POST',
        url: '/iamserver/api/v1/auth',
        headers: { authorization: idToken },
        payload: { companyName: `${country} Forwarding`, firstName: 'Ada', lastName: 'Lovelace', country },
      });
    };

    it("starts a new company with its country's currency as the base, and only it and the majors in use", async () => {
      const registered = await registerIn('CH');
      expect(registered.statusCode, registered.body).toBe(200);
      const { jwt } = (registered.json() as { data: { jwt: string } }).data;
      expect(await ok('GET', '/currency-settings/base', jwt)).toEqual({ data: { baseCurrency: 'CHF' } });
      expect(await inUse(jwt)).toEqual(['CHF', 'CNY', 'EUR', 'GBP', 'USD']);
      const all = await ok<{ meta: TListMeta }>('GET', '/currency-settings', jwt);
      expect(all.meta.total).toBe(160);
      // A rate can be entered at once, against the country's currency.
      const rate = await ok<{ data: TExchangeRate }>('POST', '/exchange-rates', jwt, {
        currency: 'EUR',
        rate: 0.94,
        effectiveDate: '2025-01-01',
      });
      expect(rate.data.baseCurrency).toBe('CHF');

      // A euro country's base is one of the majors: the list in use is the majors alone.
      const german = await registerIn('DE');
      expect(await inUse((german.json() as { data: { jwt: string } }).data.jwt)).toEqual([
        'CNY',
        'EUR',
        'GBP',
        'USD',
      ]);

      // Without a country there is no base to guess: the majors are in use, and the base is asked for.
      expect(await ok('GET', '/currency-settings/base', bravo.jwt)).toEqual({ data: { baseCurrency: null } });
      expect(await inUse(bravo.jwt)).toEqual(['CNY', 'EUR', 'GBP', 'USD']);
    });

    it('refuses a registration naming a country that does not exist, creating nothing', async () => {
      for (const country of ['QQ', 'ch', 'Switzerland']) {
        const refused = await registerIn(country);
        expect(refused.statusCode, country).toBe(400);
        expect(refused.json()).toMatchObject({
          error: { code: 'VALIDATION_FAILED', details: { fields: [{ field: 'country' }] } },
        });
      }
    });

    it('needs a base currency before rates, then keeps rates as history for any past date', async () => {
      const early = await call('POST', '/exchange-rates', alpha.jwt, {
        currency: 'USD',
        rate: 0.9,
        effectiveDate: '2024-01-01',
      });
      expect(early.statusCode).toBe(409);
      await ok('PUT', '/currency-settings/base', alpha.jwt, { baseCurrency: 'EUR' });
      expect(await ok('GET', '/currency-settings/base', alpha.jwt)).toEqual({
        data: { baseCurrency: 'EUR' },
      });

      for (const [rate, effectiveDate] of [
        [0.9, '2024-01-01'],
        [0.925, '2024-03-01'],
        [0.88123456, '2024-06-15'],
      ] as const) {
        const created = await call('POST', '/exchange-rates', alpha.jwt, {
          currency: 'USD',
          rate,
          effectiveDate,
        });
        expect(created.statusCode, created.body).toBe(201);
      }
      const duplicate = await call('POST', '/exchange-rates', alpha.jwt, {
        currency: 'USD',
        rate: 1,
        effectiveDate: '2024-03-01',
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({
        error: {
          code: 'CONFLICT',
          message: 'USD already has a rate effective 2024-03-01',
          details: { currency: 'USD', effectiveDate: '2024-03-01' },
        },
      });

      const rateOn = async (date: string) =>
        (await ok<{ data: TExchangeRate }>('GET', `/exchange-rates/at?currency=USD&date=${date}`, alpha.jwt))
          .data;
      expect(await rateOn('2024-01-01')).toMatchObject({ rate: '0.9', baseCurrency: 'EUR' });
      expect(await rateOn('2024-02-29')).toMatchObject({ rate: '0.9', effectiveDate: '2024-01-01' });
      expect(await rateOn('2024-05-31')).toMatchObject({ rate: '0.925' });
      expect(await rateOn('2030-01-01')).toMatchObject({ rate: '0.88123456' });
      // A day that does not exist, or one PostgreSQL cannot read (year 0), is the field's 400.
      for (const date of ['0000-01-01', '2024-02-30', '2024-13-01']) {
        const lookup = await call('GET', `/exchange-rates/at?currency=USD&date=${date}`, alpha.jwt);
        expect(lookup.statusCode, date).toBe(400);
        expect(lookup.json(), date).toMatchObject({
          error: { code: 'VALIDATION_FAILED', details: { fields: [{ field: 'date' }] } },
        });
        const entered = await call('POST', '/exchange-rates', alpha.jwt, {
          currency: 'USD',
          rate: 1,
          effectiveDate: date,
        });
        expect(entered.statusCode, date).toBe(400);
        expect(entered.json(), date).toMatchObject({
          error: { code: 'VALIDATION_FAILED', details: { fields: [{ field: 'effectiveDate' }] } },
        });
      }
      const before = await call('GET', '/exchange-rates/at?currency=USD&date=2023-12-31', alpha.jwt);
      expect(before.statusCode).toBe(404);
      expect(before.json()).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: 'No USD rate is in force on 2023-12-31',
          details: { currency: 'USD', date: '2023-12-31' },
        },
      });

      const history = await ok<{ data: TExchangeRate[]; meta: TListMeta }>(
        'GET',
        '/exchange-rates?currency=USD',
        alpha.jwt,
      );
      expect(history.meta.total).toBe(3);
      expect(history.data.map((rate) => rate.effectiveDate)).toEqual([
        '2024-06-15',
        '2024-03-01',
        '2024-01-01',
      ]);
      const list = await ok<{ data: TCurrencySetting[] }>('GET', '/currency-settings?q=usd', alpha.jwt);
      expect(list.data[0]).toMatchObject({
        code: 'USD',
        isEnabled: true,
        currentRate: { rate: '0.88123456' },
      });
      const first = await ok<{ data: TCurrencySetting[] }>('GET', '/currency-settings?pageSize=1', alpha.jwt);
      expect(first.data[0]).toMatchObject({ code: 'EUR', isBase: true });

      // Bravo sees none of it, cannot delete it.
      expect(
        (await ok<{ meta: TListMeta }>('GET', '/exchange-rates?currency=USD', bravo.jwt)).meta.total,
      ).toBe(0);
      const [newest] = history.data;
      // A rate entered wrongly is corrected in place: its date stays, the history shows the new rate.
      const correction = `/exchange-rates/${newest?._id}`;
      expect((await call('PATCH', correction, bravo.jwt, { rate: 0.5 })).statusCode).toBe(404);
      for (const rate of [0, -1, 'abc', 0.123456789012]) {
        const refused = await call('PATCH', correction, alpha.jwt, { rate });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.code).toBe('VALIDATION_FAILED');
      }
      expect(
        (await call('PATCH', correction, alpha.jwt, { rate: 0.5, effectiveDate: '2020-01-01' })).statusCode,
      ).toBe(400);
      const corrected = await ok<{ data: TExchangeRate }>('PATCH', correction, alpha.jwt, { rate: 0.89 });
      expect(corrected.data).toMatchObject({
        _id: newest?._id,
        rate: '0.89',
        effectiveDate: newest?.effectiveDate,
      });
      expect(await rateOn('2030-01-01')).toMatchObject({ rate: '0.89' });
      // The same rate again changes nothing and records nothing.
      await ok('PATCH', correction, alpha.jwt, { rate: 0.89 });
      expect((await call('DELETE', `/exchange-rates/${newest?._id}`, bravo.jwt)).statusCode).toBe(404);
      expect((await call('DELETE', `/exchange-rates/${newest?._id}`, alpha.jwt)).statusCode).toBe(200);
      expect(await rateOn('2030-01-01')).toMatchObject({ rate: '0.925' });
      const events = await auditOf(alpha.companyId, { entityType: 'exchange-rate' });
      expect(events.map((event) => event.action)).toEqual(['create', 'create', 'create', 'update', 'delete']);
      expect(events[3]).toMatchObject({ before: { rate: newest?.rate }, after: { rate: '0.89' } });
    });

    it('refuses bad rates and a rate for the base currency itself', async () => {
      const valid = { currency: 'GBP', rate: 1.17, effectiveDate: '2024-01-01' };
      for (const body of [
        { ...valid, rate: 0 },
        { ...valid, rate: -1 },
        { ...valid, rate: '1.2' },
        { ...valid, rate: 1.12345678901 },
        { ...valid, effectiveDate: '2024-02-30' },
        { ...valid, effectiveDate: '01/02/2024' },
        { ...valid, currency: 'gbp' },
        { ...valid, currency: 'XAU' },
        { ...valid, currency: 'EUR' },
        { ...valid, note: 'x' },
      ]) {
        const response = await call('POST', '/exchange-rates', alpha.jwt, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await call('PUT', '/currency-settings/base', alpha.jwt, { baseCurrency: 'SLL' })).statusCode,
      ).toBe(400);
      expect((await call('GET', '/exchange-rates/at?currency=USD', alpha.jwt)).statusCode).toBe(400);
    });

    it('switches currencies on and lets a viewer read but not write', async () => {
      await ok('PUT', '/currency-settings', alpha.jwt, { codes: ['ZWG', 'VES'], isEnabled: true });
      const enabled = await ok<{ data: TCurrencySetting[] }>(
        'GET',
        '/currency-settings?enabled=true',
        alpha.jwt,
      );
      expect(enabled.data.map((currency) => currency.code).sort()).toEqual([
        'CNY',
        'EUR',
        'GBP',
        'USD',
        'VES',
        'ZWG',
      ]);
      expect((await auditOf(alpha.companyId, { entityType: 'currency-setting' })).length).toBe(2);
      expect((await call('GET', '/currency-settings', viewer.jwt)).statusCode).toBe(200);
      expect((await call('GET', '/exchange-rates?currency=USD', viewer.jwt)).statusCode).toBe(200);
      const refused = await call('POST', '/exchange-rates', viewer.jwt, {
        currency: 'USD',
        rate: 1,
        effectiveDate: '2025-01-01',
      });
      expect(refused.statusCode).toBe(403);
      expect(
        (await call('PUT', '/currency-settings/base', viewer.jwt, { baseCurrency: 'USD' })).statusCode,
      ).toBe(403);
    });
  });
});
