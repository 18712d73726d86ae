import type { TShipment } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../../test/databases.ts';
import { routeCaller } from '../../../../test/route-helpers.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import { startIamTestApp, type TIamTestApp } from '../../access/access-test-support.ts';
import { referenceScopeOf } from './reference-pattern.ts';
import { takeReferenceNumber } from './repository.ts';

// The reference sequence under load (docs/decisions/043-shipments-model.md): on PostgreSQL the
// creations below run on as many pool connections at once, as two instances' would.

const year = new Date().getUTCFullYear();

describe.each(testDatabaseKinds)('shipment references on %s', (kind) => {
  let testApp: TIamTestApp;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('gives concurrent creations every number once, in one run without gaps, rolled-back work included', async () => {
    const admin = await testApp.register('references');
    const create = () =>
      call('POST', '/shipments', admin.jwt, { mode: 'sea', direction: 'export', loadType: 'fcl' });
    const first = await Promise.all(Array.from({ length: 20 }, create));
    // A creation that took a number and then failed gives it back with everything it wrote.
    await expect(
      withTenant(testApp.database.db, admin.companyId, async (tx) => {
        await takeReferenceNumber(tx, admin.companyId, referenceScopeOf('SE-{YYYY}-{#####}', year));
        throw new Error('refused after the number was taken');
      }),
    ).rejects.toThrow('refused after');
    const second = await Promise.all(Array.from({ length: 20 }, create));
    const references = [...first, ...second].map((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { data: TShipment }).data.reference;
    });
    expect(new Set(references).size).toBe(40);
    expect(references.sort()).toEqual(
      Array.from({ length: 40 }, (_, index) => `SE-${year}-${String(index + 1).padStart(5, '0')}`),
    );
    // Another company counts on its own.
    const other = await testApp.register('references-other');
    const theirs = await call('POST', '/shipments', other.jwt, {
      mode: 'sea',
      direction: 'import',
      loadType: 'lcl',
    });
    expect((theirs.json() as { data: TShipment }).data.reference).toBe(`SE-${year}-00001`);
  });
});
