import type { TShipment, TShipmentReferencePatterns } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp } from '../../access/access-test-support.ts';

// The reference pattern per mode as a company setting: an admin changes it, the next shipment takes
// it, a pattern chosen again counts on where it stopped, and a pattern that cannot number is refused.

const year = new Date().getUTCFullYear();

describe.each(behaviourDatabaseKinds)('shipment reference patterns on %s', (kind) => {
  let testApp: TIamTestApp;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const referenceOf = async (jwt: string, mode: 'sea' | 'air') => {
    const response = await call('POST', '/shipments', jwt, {
      mode,
      direction: 'export',
      loadType: mode === 'sea' ? 'fcl' : 'loose',
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: TShipment }).data.reference;
  };

  it('numbers the next shipment by a changed pattern, counts on when a pattern comes back, and audits the change', async () => {
    const admin = await testApp.register('reference-patterns');
    const before = await call('GET', '/reference-patterns', admin.jwt);
    expect(before.statusCode, before.body).toBe(200);
    expect((before.json() as { data: TShipmentReferencePatterns }).data).toEqual({
      patterns: { sea: 'SE-{YYYY}-{#####}', air: 'AF-{YYYY}-{#####}' },
      year,
      lastNumbers: {},
    });
    expect(await referenceOf(admin.jwt, 'sea')).toBe(`SE-${year}-00001`);

    const changed = await call('PUT', '/reference-patterns', admin.jwt, { sea: ' OCN/{YY}.{####} ' });
    expect(changed.statusCode, changed.body).toBe(200);
    const settings = (changed.json() as { data: TShipmentReferencePatterns }).data;
    expect(settings.patterns).toEqual({ sea: 'OCN/{YY}.{####}', air: 'AF-{YYYY}-{#####}' });
    expect(settings.lastNumbers).toEqual({ [`SE-${year}-`]: 1 });
    const yy = String(year % 100).padStart(2, '0');
    expect(await referenceOf(admin.jwt, 'sea')).toBe(`OCN/${yy}.0001`);
    expect(await referenceOf(admin.jwt, 'sea')).toBe(`OCN/${yy}.0002`);
    // Air keeps its own pattern.
    expect(await referenceOf(admin.jwt, 'air')).toBe(`AF-${year}-00001`);

    await call('PUT', '/reference-patterns', admin.jwt, { sea: 'SE-{YYYY}-{#####}' });
    expect(await referenceOf(admin.jwt, 'sea')).toBe(`SE-${year}-00002`);

    const trail = await auditOf(admin.companyId, { entityType: 'shipment-reference-pattern' });
    expect(trail.map((event) => [event.action, event.before, event.after])).toEqual([
      [
        'update',
        { sea: 'SE-{YYYY}-{#####}', air: 'AF-{YYYY}-{#####}' },
        { sea: 'OCN/{YY}.{####}', air: 'AF-{YYYY}-{#####}' },
      ],
      [
        'update',
        { sea: 'OCN/{YY}.{####}', air: 'AF-{YYYY}-{#####}' },
        { sea: 'SE-{YYYY}-{#####}', air: 'AF-{YYYY}-{#####}' },
      ],
    ]);
    // The same pattern again changes nothing and writes no entry.
    await call('PUT', '/reference-patterns', admin.jwt, { sea: 'SE-{YYYY}-{#####}' });
    expect(await auditOf(admin.companyId, { entityType: 'shipment-reference-pattern' })).toHaveLength(2);
  });

  it('refuses a pattern that cannot number, naming the field, and lets only who changes company settings set one', async () => {
    const admin = await testApp.register('reference-refusals');
    const refusals = {
      'SE-{YYYY}': 'exactly one number token',
      'SE-{##}': '3 to 8 hashes',
      'SE-{#########}': '3 to 8 hashes',
      'SE-{###}-{###}': 'exactly one number token',
      'SE {###}': 'may hold only',
      'SE-{MM}-{###}': 'may hold only',
      'SE{YY}{###}': 'must not put digits or the year right next to the number',
      'SE-1{###}': 'must not put digits or the year right next to the number',
      [`${'A'.repeat(35)}-{###}`]: 'at most 40 characters',
    };
    for (const [pattern, message] of Object.entries(refusals)) {
      const response = await call('PUT', '/reference-patterns', admin.jwt, { air: pattern });
      expect(response.statusCode, `${pattern}: ${response.body}`).toBe(400);
      const { error } = response.json() as {
        error: { code: string; details: { fields: { field: string; message: string }[] } };
      };
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.fields[0]?.field).toBe('air');
      expect(error.details.fields[0]?.message).toContain(message);
    }
    await expect(
      call('PUT', '/reference-patterns', admin.jwt, { road: 'RO-{###}' }).then(
        (response) => response.statusCode,
      ),
    ).resolves.toBe(400);

    const member = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'member' });
    expect((await call('PUT', '/reference-patterns', member.jwt, { sea: 'X-{###}' })).statusCode).toBe(403);
    expect((await call('GET', '/reference-patterns', member.jwt)).statusCode).toBe(200);
    expect(await referenceOf(admin.jwt, 'air')).toBe(`AF-${year}-00001`);
  });
});
