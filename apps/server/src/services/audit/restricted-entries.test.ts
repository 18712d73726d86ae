import {
  hiddenAuditPart,
  type TAuditEvent,
  type TAuditHistoryEvent,
  type TListMeta,
  type TShipment,
} from '@cargodesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { answeredData, routeCaller } from '../../../test/route-helpers.ts';
import { companyProducts, products } from '../../db/schema/index.ts';
import { withTenant } from '../../platform/data-access/tenant-transaction.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access/access-test-support.ts';

// What audit:read alone does not show (docs/decisions/047-restricted-audit-entries.md): a shipment's
// charge lines without charges:read, and a product's entries to a company without the product (nor
// in the audit report source).
// Both began as findings of the freight attacker review.

type TPage<T> = { data: T[]; meta: TListMeta };

describe.each(behaviourDatabaseKinds)('restricted audit entries on %s', (kind) => {
  let testApp: TIamTestApp;
  const freight = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const contacts = routeCaller(() => testApp.app, '/contactserver/api/v1');
  const master = routeCaller(() => testApp.app, '/master/api/v1');
  const logs = routeCaller(() => testApp.app, '/logserver/api/v1');
  const reports = routeCaller(() => testApp.app, '/reportserver/api/v1');

  const dataOf = answeredData;
  const pageOf = async <T>(url: string, jwt: string) => {
    const answered = await logs('GET', url, jwt);
    expect(answered.statusCode, answered.body).toBe(200);
    return answered.json() as TPage<T>;
  };
  const csvOf = async (url: string, jwt: string) => {
    const answered = await logs('GET', url, jwt);
    expect(answered.statusCode, answered.body).toBe(200);
    return answered.body;
  };
  const createShipment = (company: TRegistered, body: object = {}) =>
    dataOf<TShipment>(
      freight('POST', '/shipments', company.jwt, {
        mode: 'sea',
        direction: 'export',
        loadType: 'fcl',
        ...body,
      }),
      201,
    );
  const freightEntityTypes = ['shipment', 'shipment-filter', 'shipment-reference-pattern'];

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('shows a shipment’s charge change without its amounts to a reader without charges:read, and whole to an Admin', async () => {
    const admin = await testApp.register('restricted-charges');
    await dataOf(master('PUT', '/currency-settings/base', admin.jwt, { baseCurrency: 'GBP' }));
    const customer = await dataOf<{ _id: string }>(
      contacts('POST', '/contacts', admin.jwt, { kind: 'organisation', name: 'Alpha Exports' }),
      201,
    );
    const shipment = await createShipment(admin);
    const line = {
      side: 'sell',
      chargeCode: 'OFR',
      partyId: customer._id,
      quantity: '2',
      unit: 'container',
      unitPrice: '7777.77',
      currency: 'GBP',
      date: '2026-03-01',
    };
    await dataOf(freight('PUT', `/shipments/${shipment._id}/charges`, admin.jwt, { lines: [line] }));
    const auditor = await testApp.addUser(admin, {
      label: 'restricted-auditor',
      role: { permissions: ['shipments:read', 'audit:read'] },
    });
    const about = `entityType=shipment&entityId=${shipment._id}`;

    const history = await pageOf<TAuditHistoryEvent>(`/audit-history?${about}`, auditor.jwt);
    const list = await pageOf<TAuditEvent>(`/audit?${about}`, auditor.jwt);
    for (const events of [history.data, list.data]) {
      expect(events.map((event) => event.action)).toEqual(['update', 'create']);
      expect(events[0]).toMatchObject({
        before: { charges: hiddenAuditPart('charges:read') },
        after: { charges: hiddenAuditPart('charges:read') },
      });
      // The rest of the shipment's history is the auditor's to read.
      expect(events[1]?.after).toMatchObject({ reference: shipment.reference });
    }
    const csv = await csvOf(`/audit/export?${about}`, auditor.jwt);
    for (const body of [JSON.stringify(history), JSON.stringify(list), csv]) {
      expect(body).not.toContain('7777.77');
      expect(body).not.toContain(customer._id);
    }
    expect(csv).toContain('""isHidden"":true');

    // An Admin holds charges:read: the same entry whole on every read.
    const [adminHistory] = (await pageOf<TAuditHistoryEvent>(`/audit-history?${about}`, admin.jwt)).data;
    const [adminList] = (await pageOf<TAuditEvent>(`/audit?${about}`, admin.jwt)).data;
    for (const event of [adminHistory, adminList])
      expect(event).toMatchObject({
        before: { charges: [] },
        after: { charges: [{ unitPrice: '7777.77' }] },
      });
    expect(await csvOf(`/audit/export?${about}`, admin.jwt)).toContain('7777.77');
  });

  it('leaves a product’s entries out of every read of a company that lost the product, totals included', async () => {
    const company = await testApp.register('restricted-lost-freight');
    const shipment = await createShipment(company, { notes: 'Internal: consignee pays late' });
    // A saved shipment filter's entry, written as its route would, so every freight type is there.
    await withTenant(testApp.database.db, company.companyId, (tx) =>
      tx.execute(sql`
        insert into audit_events (company_id, id, occurred_at, actor_user_id, actor_email, entity_type, entity_id, action)
        values (${company.companyId}, gen_random_uuid(), now(), ${company.userId}, ${company.email},
          'shipment-filter', gen_random_uuid()::text, 'create')`),
    );
    const before = await pageOf<TAuditEvent>('/audit?pageSize=100', company.jwt);
    const freightEntries = before.data.filter((event) => freightEntityTypes.includes(event.entityType));
    expect(freightEntries.map((event) => event.entityType).sort()).toEqual(['shipment', 'shipment-filter']);
    // The audit report source, counted from the daily counts when grouped by entity, else row by row.
    const entityTypesReported = async () => {
      const reported = [];
      for (const definition of [
        { source: 'audit', groupBy: ['entityType'] },
        { source: 'audit', columns: ['entityType', 'entityId'] },
      ]) {
        const { rows } = await dataOf<{ rows: unknown[][] }>(
          reports('POST', '/reportSketch/run', company.jwt, definition),
        );
        reported.push(...rows.map(([entityType]) => entityType));
      }
      return reported;
    };
    expect(await entityTypesReported()).toContain('shipment-filter');

    const { db } = testApp.database;
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.code, 'freight'));
    await db
      .delete(companyProducts)
      .where(
        and(
          eq(companyProducts.companyId, company.companyId),
          eq(companyProducts.productId, product?.id ?? ''),
        ),
      );

    // The history answers as the freight routes do: the product is not there.
    const history = await logs(
      'GET',
      `/audit-history?entityType=shipment&entityId=${shipment._id}`,
      company.jwt,
    );
    expect(history.statusCode, history.body).toBe(404);
    expect(history.body).toContain('Freight product');
    expect(history.body).not.toContain('consignee pays late');

    const after = await pageOf<TAuditEvent>('/audit?pageSize=100', company.jwt);
    expect(after.data.filter((event) => freightEntityTypes.includes(event.entityType))).toEqual([]);
    // The total kept before the product went is not the one answered now.
    expect(after.meta.total).toBe(before.meta.total - freightEntries.length);
    expect(after.data).toHaveLength(after.meta.total);
    const filtered = await pageOf<TAuditEvent>(
      `/audit?entityType=shipment&entityId=${shipment._id}`,
      company.jwt,
    );
    expect(filtered).toMatchObject({ data: [], meta: { total: 0 } });

    const csv = await csvOf('/audit/export', company.jwt);
    expect(csv).not.toContain(shipment._id);
    expect(csv).not.toContain('consignee pays late');
    expect(csv).not.toMatch(/,shipment(-filter)?,/);
    // The header, every event of the list, and the export's own entry, written before its first line.
    expect(csv.trimEnd().split('\r\n')).toHaveLength(1 + after.meta.total + 1);
    const reported = await entityTypesReported();
    expect(reported.filter((entityType) => freightEntityTypes.includes(String(entityType)))).toEqual([]);
    expect(reported).toContain('audit-trail');
  });
});
