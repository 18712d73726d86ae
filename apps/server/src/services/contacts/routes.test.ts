import {
  dateMessages,
  type TContact,
  type TContactSummary,
  type TContactTag,
  type TListMeta,
} from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { answeredData, answeredError, auditReader, routeCaller } from '../../../test/route-helpers.ts';
import { contacts, contactTags } from '../../db/schema/index.ts';
import { reauthenticate } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { startIamTestApp, type TIamTestApp } from '../access/access-test-support.ts';
import { derivedColumnsOf } from './contact-row.ts';
import { resolveContactSearch } from './search.ts';
import { createContactsService } from './service.ts';

const harbour = {
  kind: 'organisation',
  name: 'Harbour Imports GmbH',
  roles: ['customer', 'consignee'],
  emails: [{ label: 'office', address: 'Office@Harbour-Imports.example' }],
  phones: [{ label: 'main', number: '+49 40 123456' }],
  addresses: [
    {
      label: 'head office',
      street: 'Am Sandtorkai 1',
      postalCode: '20457',
      city: 'Hamburg',
      countryCode: 'de',
      locationCode: 'deham',
    },
  ],
  taxNumber: 'DE 123.456.789',
} as const;

describe.each(behaviourDatabaseKinds)('contactserver on %s', (kind) => {
  let testApp: TIamTestApp;
  const call = routeCaller(() => testApp.app, '/contactserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;
  const pageOf = async (url: string, jwt: string) => {
    const answered = await call('GET', url, jwt);
    expect(answered.statusCode, answered.body).toBe(200);
    return answered.json() as { data: TContactSummary[]; meta: TListMeta };
  };
  const errorOf = answeredError;

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('creates an organisation with a person, reads them back, and audits what was written', async () => {
    const admin = await testApp.register('contacts-create');
    const tag = await dataOf<TContactTag>(
      call('POST', '/contact-tags', admin.jwt, { name: 'Key account', color: 'gold' }),
      201,
    );
    const organisation = await dataOf<TContact>(
      call('POST', '/contacts', admin.jwt, { ...harbour, ownerId: admin.userId, tagIds: [tag._id] }),
      201,
    );
    expect(organisation).toMatchObject({
      kind: 'organisation',
      name: 'Harbour Imports GmbH',
      roles: ['customer', 'consignee'],
      email: 'Office@Harbour-Imports.example',
      phone: '+49 40 123456',
      city: 'Hamburg',
      countryCode: 'DE',
      taxNumber: 'DE 123.456.789',
      owner: { _id: admin.userId, name: 'Ada contacts-create' },
      tags: [{ _id: tag._id, name: 'Key account', color: 'gold' }],
      addresses: [{ countryCode: 'DE', locationCode: 'DEHAM', city: 'Hamburg' }],
      people: [],
    });

    const person = await dataOf<TContact>(
      call('POST', '/contacts', admin.jwt, {
        kind: 'person',
        name: 'Greta Lindqvist',
        jobTitle: 'Logistics manager',
        organisationId: organisation._id,
        emails: [{ address: 'greta@harbour-imports.example' }],
      }),
      201,
    );
    expect(person.organisation).toEqual({ _id: organisation._id, name: 'Harbour Imports GmbH' });
    const reread = await dataOf<TContact>(call('GET', `/contacts/${organisation._id}`, admin.jwt));
    expect(reread.people).toEqual([
      {
        _id: person._id,
        name: 'Greta Lindqvist',
        jobTitle: 'Logistics manager',
        email: 'greta@harbour-imports.example',
      },
    ]);

    // The composer's lookup names a person's organisation, and forgives a misspelt name.
    const greta = {
      _id: person._id,
      kind: 'person',
      name: 'Greta Lindqvist',
      organisation: 'Harbour Imports GmbH',
      email: 'greta@harbour-imports.example',
    };
    expect(await dataOf(call('GET', '/contacts?q=greta&kind=person', admin.jwt))).toEqual([greta]);
    expect(await dataOf(call('GET', '/contacts?q=lindqvst', admin.jwt))).toEqual([greta]);

    const [created] = await auditOf(admin.companyId, { entityId: organisation._id });
    expect(created).toMatchObject({ action: 'create', entityType: 'contact', actorUserId: admin.userId });
    expect(created?.after).toMatchObject({
      name: 'Harbour Imports GmbH',
      tagIds: [tag._id],
      taxNumber: 'DE 123.456.789',
    });
    expect(created?.after).not.toHaveProperty('searchText');
  });

  it('finds contacts by a misspelt name, a piece of an e-mail, a phone’s digits and a tax number', async () => {
    const admin = await testApp.register('contacts-search');
    await dataOf(call('POST', '/contacts', admin.jwt, harbour), 201);
    await dataOf(
      call('POST', '/contacts', admin.jwt, {
        kind: 'organisation',
        name: 'Maersk Line',
        roles: ['carrier'],
        addresses: [{ city: 'Copenhagen', countryCode: 'DK' }],
      }),
      201,
    );
    const namesFor = async (q: string) =>
      (await pageOf(`/contacts/paginate?q=${encodeURIComponent(q)}`, admin.jwt)).data.map((row) => row.name);
    expect(await namesFor('Mersk')).toEqual(['Maersk Line']);
    expect(await namesFor('harbor imports')).toEqual(['Harbour Imports GmbH']);
    expect(await namesFor('harbour-imports.example')).toEqual(['Harbour Imports GmbH']);
    expect(await namesFor('4940123456')).toEqual(['Harbour Imports GmbH']);
    expect(await namesFor('de123456789')).toEqual(['Harbour Imports GmbH']);
    expect(await namesFor('Copenhagn')).toEqual(['Maersk Line']);
    expect(await namesFor('zzzzqqq')).toEqual([]);
    expect(await namesFor('harb imp')).toEqual(['Harbour Imports GmbH']);
    // The first eight words are read; the rest cost nothing.
    expect(await namesFor('h ha har harb harbo harbou harbour imports zzzzqqq')).toEqual([
      'Harbour Imports GmbH',
    ]);
    // Best first when a misspelt word begins no word: each contact found holds its nearest word
    // alike, and the word typed whole ("nord") ranks above the word it begins ("nordic").
    for (const name of ['Maersk Alpha Nordic', 'Maersk Nord'])
      await dataOf(
        call('POST', '/contacts', admin.jwt, { kind: 'organisation', name, roles: ['agent'] }),
        201,
      );
    expect(await namesFor('mersk nord')).toEqual(['Maersk Nord', 'Maersk Alpha Nordic']);
    // A database whose own similarity for `%` is stricter still forgives the misspelling: the
    // search sets pg_trgm's default for its transaction before it looks any word up.
    // "mersk" begins no word of the company's, so the plain reading could find nothing: the
    // forgiving one is the first tried, with nothing to fall back on.
    const read = await withTenantRead(testApp.database.db, admin.companyId, async (tx) => {
      await tx.execute(sql`set local pg_trgm.similarity_threshold = 0.9`);
      const { first, fallback } = await resolveContactSearch(tx, admin.companyId, 'Mersk');
      return { nearest: first.kind === 'words' ? first.terms.map((term) => term.nearest) : [], fallback };
    });
    expect(read).toEqual({ nearest: [['maersk']], fallback: null });
  });

  it('filters by kind, role, tag, country, owner and organisation, sorts by each shown column, and pages', async () => {
    const admin = await testApp.register('contacts-filter');
    const tag = await dataOf<TContactTag>(call('POST', '/contact-tags', admin.jwt, { name: 'Reefer' }), 201);
    const names = ['Delta Shipping', 'alpha Cargo', 'Charlie Lines', 'Bravo Agents'];
    const made: TContact[] = [];
    for (const [index, name] of names.entries()) {
      made.push(
        await dataOf<TContact>(
          call('POST', '/contacts', admin.jwt, {
            kind: 'organisation',
            name,
            roles: index % 2 === 0 ? ['carrier'] : ['agent'],
            addresses: [
              {
                city: ['Rotterdam', 'Antwerp', 'Hamburg', 'Bremen'][index],
                countryCode: index < 2 ? 'NL' : 'DE',
              },
            ],
            ...(index === 3 ? { tagIds: [tag._id], ownerId: admin.userId } : {}),
          }),
          201,
        ),
      );
    }
    const person = await dataOf<TContact>(
      call('POST', '/contacts', admin.jwt, {
        kind: 'person',
        name: 'Eve Clerk',
        organisationId: made[2]?._id,
        roles: ['notify-party', 'supplier'],
      }),
      201,
    );
    const namesOf = async (query: string) =>
      (await pageOf(`/contacts/paginate?${query}`, admin.jwt)).data.map((row) => row.name);
    expect(await namesOf('kind=person')).toEqual(['Eve Clerk']);
    // Each row names its organisation, a role's page as the whole list's.
    for (const query of ['sort=name', 'role=supplier&sort=name'])
      expect(
        (await pageOf(`/contacts/paginate?${query}`, admin.jwt)).data.map((row) => [
          row.name,
          row.organisation,
        ]),
      ).toContainEqual(['Eve Clerk', { _id: made[2]?._id, name: 'Charlie Lines' }]);
    const organisationRows = (await pageOf('/contacts/paginate?kind=organisation', admin.jwt)).data;
    expect(organisationRows.map((row) => row.organisation)).toEqual([null, null, null, null]);
    expect(await namesOf('role=carrier&sort=name')).toEqual(['Charlie Lines', 'Delta Shipping']);
    // Each role is a bit of its own (role_bits, migration 0052): the last of the list's too.
    expect(await namesOf('role=supplier')).toEqual(['Eve Clerk']);
    expect(await namesOf('role=notify-party')).toEqual(['Eve Clerk']);
    expect(await namesOf('role=customer')).toEqual([]);
    // A role's page walks that role's own entries (contacts_by_role, migration 0053), which the
    // other filters and every sort narrow and order as they do the whole list.
    expect(await namesOf('role=carrier&countryCode=DE')).toEqual(['Charlie Lines']);
    expect(await namesOf('role=agent&sort=-city')).toEqual(['Bravo Agents', 'alpha Cargo']);
    expect(await namesOf(`role=agent&tagId=${tag._id}`)).toEqual(['Bravo Agents']);
    expect(await namesOf(`role=agent&ownerId=${admin.userId}`)).toEqual(['Bravo Agents']);
    expect(await namesOf(`role=supplier&organisationId=${made[2]?._id}`)).toEqual(['Eve Clerk']);
    expect(await namesOf('role=supplier&kind=organisation')).toEqual([]);
    expect(await namesOf('role=carrier&sort=-createdAt')).toEqual(['Charlie Lines', 'Delta Shipping']);
    expect(await namesOf('role=agent&sort=countryCode')).toEqual(['Bravo Agents', 'alpha Cargo']);
    expect(await namesOf('role=carrier&createdTo=2000-01-01')).toEqual([]);
    const beyondRole = await pageOf('/contacts/paginate?role=agent&page=5&pageSize=1', admin.jwt);
    expect(beyondRole).toEqual({ data: [], meta: { total: 2, page: 5, pageSize: 1 } });
    expect(await namesOf(`tagId=${tag._id}`)).toEqual(['Bravo Agents']);
    expect(await namesOf('countryCode=NL&sort=-name')).toEqual(['alpha Cargo', 'Delta Shipping']);
    expect(await namesOf(`ownerId=${admin.userId}`)).toEqual(['Bravo Agents']);
    expect(await namesOf(`organisationId=${made[2]?._id}`)).toEqual(['Eve Clerk']);
    expect(await namesOf('kind=organisation&sort=city')).toEqual([
      'alpha Cargo',
      'Bravo Agents',
      'Charlie Lines',
      'Delta Shipping',
    ]);
    expect(await namesOf('kind=organisation&sort=-countryCode&pageSize=1')).toHaveLength(1);
    // Page by page, one contact each, the pages make the whole list in order, each with its total.
    const byCityDescending = [];
    for (const page of [1, 2, 3, 4]) {
      const onePage = await pageOf(
        `/contacts/paginate?kind=organisation&sort=-city&page=${page}&pageSize=1`,
        admin.jwt,
      );
      expect(onePage.meta).toEqual({ total: 4, page, pageSize: 1 });
      byCityDescending.push(...onePage.data.map((row) => row.name));
    }
    expect(byCityDescending).toEqual(['Delta Shipping', 'Charlie Lines', 'Bravo Agents', 'alpha Cargo']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await namesOf(`createdFrom=${today}&createdTo=${today}&kind=person`)).toEqual(['Eve Clerk']);
    expect(await namesOf('createdTo=2000-01-01')).toEqual([]);

    const second = await pageOf('/contacts/paginate?sort=createdAt&page=2&pageSize=2', admin.jwt);
    expect(second.meta).toEqual({ total: 5, page: 2, pageSize: 2 });
    expect(second.data.map((row) => row.name)).toEqual(['Charlie Lines', 'Bravo Agents']);
    // A page past the end is empty and still says how many there are.
    const beyond = await pageOf('/contacts/paginate?sort=createdAt&page=9&pageSize=2', admin.jwt);
    expect(beyond).toEqual({ data: [], meta: { total: 5, page: 9, pageSize: 2 } });
    expect(person.organisation?.name).toBe('Charlie Lines');
  });

  it("keeps each role's list as its contacts are renamed, given other roles and deleted", async () => {
    const admin = await testApp.register('contacts-role-lists');
    const namesOfRole = async (role: string) =>
      (await pageOf(`/contacts/paginate?role=${role}`, admin.jwt)).data.map((row) => row.name);
    const tag = await dataOf<TContactTag>(
      call('POST', '/contact-tags', admin.jwt, { name: 'Reefer', color: 'green' }),
      201,
    );
    const hansa = await dataOf<TContact>(
      call('POST', '/contacts', admin.jwt, {
        kind: 'organisation',
        name: 'Hansa Lines',
        roles: ['carrier'],
        tagIds: [tag._id],
      }),
      201,
    );
    await dataOf(
      call('POST', '/contacts', admin.jwt, {
        kind: 'organisation',
        name: 'Baltic Lines',
        roles: ['carrier'],
      }),
      201,
    );
    expect(await namesOfRole('carrier')).toEqual(['Baltic Lines', 'Hansa Lines']);
    // A change sends only what changes: the roles and tags left out stay as they were.
    const renamed = await dataOf<TContact>(
      call('PATCH', `/contacts/${hansa._id}`, admin.jwt, { name: 'Atlas Lines' }),
    );
    expect(renamed).toMatchObject({ roles: ['carrier'], tags: [{ name: 'Reefer', color: 'green' }] });
    expect(await namesOfRole('carrier')).toEqual(['Atlas Lines', 'Baltic Lines']);
    // The same for a tag: renamed, it keeps its colour; a change of nothing changes nothing.
    expect(
      await dataOf<TContactTag>(call('PATCH', `/contact-tags/${tag._id}`, admin.jwt, { name: 'Cold chain' })),
    ).toEqual({ _id: tag._id, name: 'Cold chain', color: 'green' });
    expect(await dataOf<TContactTag>(call('PATCH', `/contact-tags/${tag._id}`, admin.jwt, {}))).toEqual({
      _id: tag._id,
      name: 'Cold chain',
      color: 'green',
    });
    expect((await auditOf(admin.companyId, { entityId: tag._id })).map((entry) => entry.action)).toEqual([
      'create',
      'update',
    ]);
    await dataOf(call('PATCH', `/contacts/${hansa._id}`, admin.jwt, { roles: ['agent', 'customer'] }));
    expect(await namesOfRole('carrier')).toEqual(['Baltic Lines']);
    expect(await namesOfRole('agent')).toEqual(['Atlas Lines']);
    expect(await namesOfRole('customer')).toEqual(['Atlas Lines']);
    await dataOf(call('DELETE', `/contacts/${hansa._id}`, admin.jwt));
    expect(await namesOfRole('agent')).toEqual([]);
    expect(await namesOfRole('customer')).toEqual([]);
    expect(await namesOfRole('carrier')).toEqual(['Baltic Lines']);
  });

  it('changes a contact, replaces its tags, and audits before and after', async () => {
    const admin = await testApp.register('contacts-update');
    const [first, second] = await Promise.all(
      ['Export', 'Import'].map((name) =>
        dataOf<TContactTag>(call('POST', '/contact-tags', admin.jwt, { name }), 201),
      ),
    );
    const created = await dataOf<TContact>(
      call('POST', '/contacts', admin.jwt, { ...harbour, tagIds: [first?._id] }),
      201,
    );
    const changed = await dataOf<TContact>(
      call('PATCH', `/contacts/${created._id}`, admin.jwt, {
        name: 'Harbour Imports AG',
        emails: [{ label: 'billing', address: 'billing@harbour.example' }],
        tagIds: [second?._id],
        notes: 'Pays in 30 days',
      }),
    );
    expect(changed).toMatchObject({
      name: 'Harbour Imports AG',
      email: 'billing@harbour.example',
      notes: 'Pays in 30 days',
      phone: '+49 40 123456',
      tags: [{ name: 'Import' }],
    });
    const entries = await auditOf(admin.companyId, { entityId: created._id });
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]?.before).toMatchObject({ name: 'Harbour Imports GmbH', tagIds: [first?._id] });
    expect(entries[1]?.after).toMatchObject({ name: 'Harbour Imports AG', tagIds: [second?._id] });
    // The search follows the change.
    const found = await pageOf('/contacts/paginate?q=billing%40harbour', admin.jwt);
    expect(found.data.map((row) => row._id)).toEqual([created._id]);
  });

  it('warns of duplicates by e-mail or tax number, lists them in groups, and merges one into the other', async () => {
    const admin = await testApp.register('contacts-duplicates');
    const tag = await dataOf<TContactTag>(
      call('POST', '/contact-tags', admin.jwt, { name: 'Merged tag' }),
      201,
    );
    const kept = await dataOf<TContact>(call('POST', '/contacts', admin.jwt, harbour), 201);
    const duplicate = await dataOf<TContact>(
      call('POST', '/contacts', admin.jwt, {
        kind: 'organisation',
        name: 'Harbour Imports',
        emails: [{ address: 'office@harbour-imports.example' }, { address: 'sales@harbour-imports.example' }],
        roles: ['shipper'],
        tagIds: [tag._id],
      }),
      201,
    );
    const person = await dataOf<TContact>(
      call('POST', '/contacts', admin.jwt, {
        kind: 'person',
        name: 'Sam Sales',
        organisationId: duplicate._id,
      }),
      201,
    );
    const byEmail = await dataOf<{ _id: string; sameEmail: boolean }[]>(
      call('GET', '/contacts/duplicates?email=OFFICE%40harbour-imports.example', admin.jwt),
    );
    expect(byEmail.map((row) => row._id).sort()).toEqual([kept._id, duplicate._id].sort());
    const byTax = await dataOf<{ _id: string; sameTaxNumber: boolean }[]>(
      call('GET', `/contacts/duplicates?taxNumber=de123456789&exceptId=${duplicate._id}`, admin.jwt),
    );
    expect(byTax).toEqual([
      expect.objectContaining({ _id: kept._id, sameTaxNumber: true, sameEmail: false }),
    ]);

    const groups = await dataOf<{ reason: string; value: string; contacts: TContactSummary[] }[]>(
      call('GET', '/contacts/duplicate-groups', admin.jwt),
    );
    expect(groups).toEqual([
      {
        reason: 'email',
        value: 'office@harbour-imports.example',
        contacts: [
          expect.objectContaining({ _id: kept._id }),
          expect.objectContaining({ _id: duplicate._id }),
        ],
      },
    ]);

    const merged = await dataOf<TContact>(
      call('POST', `/contacts/${kept._id}/merge`, admin.jwt, { duplicateId: duplicate._id }),
    );
    expect(merged.emails.map((email) => email.address)).toEqual([
      'Office@Harbour-Imports.example',
      'sales@harbour-imports.example',
    ]);
    expect(merged.roles).toEqual(['customer', 'consignee', 'shipper']);
    // Each role's list follows the merge: the kept contact under its new role, the duplicate gone.
    const shippers = await pageOf('/contacts/paginate?role=shipper', admin.jwt);
    expect(shippers.data.map((row) => row._id)).toEqual([kept._id]);
    expect(merged.tags.map((row) => row.name)).toEqual(['Merged tag']);
    expect(merged.people.map((row) => row._id)).toEqual([person._id]);
    await errorOf(call('GET', `/contacts/${duplicate._id}`, admin.jwt), 404);
    expect(await dataOf(call('GET', '/contacts/duplicate-groups', admin.jwt))).toEqual([]);
    const merge = (await auditOf(admin.companyId, { entityId: kept._id })).at(-1)?.after;
    expect(merge).toMatchObject({ mergedFrom: { id: duplicate._id, name: 'Harbour Imports' } });
  });

  it('tags, untags and deletes in bulk, all or nothing, and keeps an organisation’s people when it goes', async () => {
    const admin = await testApp.register('contacts-bulk');
    const tag = await dataOf<TContactTag>(call('POST', '/contact-tags', admin.jwt, { name: 'Bulk' }), 201);
    const organisation = await dataOf<TContact>(call('POST', '/contacts', admin.jwt, harbour), 201);
    const person = await dataOf<TContact>(
      call('POST', '/contacts', admin.jwt, {
        kind: 'person',
        name: 'Pat Staff',
        organisationId: organisation._id,
      }),
      201,
    );
    const ids = [organisation._id, person._id];
    expect(
      await dataOf(call('POST', '/contacts/bulk', admin.jwt, { action: 'tag', ids, tagId: tag._id })),
    ).toEqual({
      changed: 2,
    });
    expect(
      await dataOf(call('POST', '/contacts/bulk', admin.jwt, { action: 'tag', ids, tagId: tag._id })),
    ).toEqual({
      changed: 0,
    });
    const tags = await dataOf<{ contactCount: number }[]>(call('GET', '/contact-tags', admin.jwt));
    expect(tags).toEqual([{ _id: tag._id, name: 'Bulk', color: 'blue', contactCount: 2 }]);
    expect(
      await dataOf(
        call('POST', '/contacts/bulk', admin.jwt, { action: 'untag', ids: [person._id], tagId: tag._id }),
      ),
    ).toEqual({ changed: 1 });

    // One id that is not the company's stops the whole action.
    const other = await testApp.register('contacts-bulk-other');
    const outsider = await dataOf<TContact>(call('POST', '/contacts', other.jwt, harbour), 201);
    const refused = await errorOf(
      call('POST', '/contacts/bulk', admin.jwt, { action: 'delete', ids: [organisation._id, outsider._id] }),
      400,
    );
    expect(refused.details).toEqual({
      fields: [{ field: 'ids', message: 'must all be contacts of your company' }],
    });
    await dataOf(call('GET', `/contacts/${organisation._id}`, admin.jwt));
    await dataOf(call('GET', `/contacts/${outsider._id}`, other.jwt));

    expect(
      await dataOf(call('POST', '/contacts/bulk', admin.jwt, { action: 'delete', ids: [organisation._id] })),
    ).toEqual({ changed: 1 });
    const orphan = await dataOf<TContact>(call('GET', `/contacts/${person._id}`, admin.jwt));
    expect(orphan.organisation).toBeNull();
    const deletions = await auditOf(admin.companyId, { entityId: organisation._id });
    expect(deletions.at(-1)).toMatchObject({ action: 'delete', before: { name: 'Harbour Imports GmbH' } });
  });

  it('refuses bad input with the field, and reaches nothing of another company', async () => {
    const admin = await testApp.register('contacts-bad');
    const other = await testApp.register('contacts-bad-other');
    const outsider = await dataOf<TContact>(call('POST', '/contacts', other.jwt, harbour), 201);
    const outsiderTag = await dataOf<TContactTag>(
      call('POST', '/contact-tags', other.jwt, { name: 'Theirs' }),
      201,
    );

    const fieldsOf = async (body: object) =>
      (
        (await errorOf(call('POST', '/contacts', admin.jwt, body), 400)).details as {
          fields: { field: string }[];
        }
      ).fields.map((field) => field.field);
    expect(await fieldsOf({ kind: 'organisation', name: '' })).toEqual(['name']);
    expect(await fieldsOf({ ...harbour, emails: [{ address: 'not-an-email' }] })).toEqual([
      'emails.0.address',
    ]);
    expect(await fieldsOf({ ...harbour, addresses: [{ countryCode: 'XX' }] })).toEqual([
      'addresses.0.countryCode',
    ]);
    expect(await fieldsOf({ ...harbour, phones: [{ number: '=cmd|calc' }] })).toEqual(['phones.0.number']);
    expect(await fieldsOf({ ...harbour, roles: ['pirate'] })).toEqual(['roles.0']);
    expect(await fieldsOf({ ...harbour, name: 'x'.repeat(201) })).toEqual(['name']);
    expect(await fieldsOf({ ...harbour, notes: 'x'.repeat(10_001) })).toEqual(['notes']);
    expect(await fieldsOf({ ...harbour, isAdmin: true })).toEqual(['']);
    expect(await fieldsOf({ ...harbour, tagIds: [outsiderTag._id] })).toEqual(['tagIds']);
    expect(await fieldsOf({ ...harbour, ownerId: other.userId })).toEqual(['ownerId']);
    expect(await fieldsOf({ kind: 'person', name: 'Spy', organisationId: outsider._id })).toEqual([
      'organisationId',
    ]);
    expect(await fieldsOf({ kind: 'organisation', name: 'Nested', organisationId: outsider._id })).toEqual([
      'organisationId',
    ]);
    await errorOf(call('GET', '/contacts/paginate?sort=searchText', admin.jwt), 400);
    await errorOf(call('GET', '/contacts/paginate?countryCode=nl', admin.jwt), 400);
    await errorOf(call('GET', '/contacts/paginate?createdFrom=yesterday', admin.jwt), 400);
    // Days that do not exist, or that PostgreSQL cannot read (year 0), are the field's 400, not a 500.
    for (const [field, day] of [
      ['createdFrom', '0000-01-01'],
      ['createdTo', '2026-02-30'],
      ['updatedFrom', '2026-13-45'],
      ['updatedTo', '0001-01-01'],
    ] as const) {
      const refused = await errorOf(call('GET', `/contacts/paginate?${field}=${day}`, admin.jwt), 400);
      expect(refused, `${field}=${day}`).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: [{ field, message: dateMessages.calendarDate() }] },
      });
    }
    // A role outside the list has no bit to filter by: refused, never a statement without it.
    expect((await errorOf(call('GET', '/contacts/paginate?role=pirate', admin.jwt), 400)).code).toBe(
      'VALIDATION_FAILED',
    );

    await errorOf(call('GET', `/contacts/${outsider._id}`, admin.jwt), 404);
    await errorOf(call('PATCH', `/contacts/${outsider._id}`, admin.jwt, { name: 'Mine now' }), 404);
    await errorOf(call('DELETE', `/contacts/${outsider._id}`, admin.jwt), 404);
    await errorOf(
      call('POST', `/contacts/${outsider._id}/merge`, admin.jwt, { duplicateId: outsider._id }),
      400,
    );
    await errorOf(call('PATCH', `/contact-tags/${outsiderTag._id}`, admin.jwt, { name: 'Mine' }), 404);
    await errorOf(call('DELETE', `/contact-tags/${outsiderTag._id}`, admin.jwt), 404);
    const mine = await dataOf<TContact>(call('POST', '/contacts', admin.jwt, harbour), 201);
    await errorOf(call('POST', `/contacts/${mine._id}/merge`, admin.jwt, { duplicateId: outsider._id }), 404);
    expect((await pageOf('/contacts/paginate', admin.jwt)).data.map((row) => row._id)).toEqual([mine._id]);
    expect(await dataOf(call('GET', '/contacts?q=harbour', other.jwt))).toEqual([
      {
        _id: outsider._id,
        kind: 'organisation',
        name: 'Harbour Imports GmbH',
        organisation: null,
        email: 'Office@Harbour-Imports.example',
      },
    ]);
    // Unchanged by the attempts.
    expect((await dataOf<TContact>(call('GET', `/contacts/${outsider._id}`, other.jwt))).name).toBe(
      'Harbour Imports GmbH',
    );
  });

  it('keeps saved filters private unless shared, and lets only writers share or remove shared ones', async () => {
    const admin = await testApp.register('contacts-filters');
    const viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
    const shared = await dataOf<{ _id: string; query: Record<string, string> }>(
      call('POST', '/contact-filters', admin.jwt, {
        name: 'German carriers',
        query: { role: 'carrier', countryCode: 'DE', q: '' },
        isShared: true,
      }),
      201,
    );
    expect(shared.query).toEqual({ role: 'carrier', countryCode: 'DE' });
    const own = await dataOf<{ _id: string }>(
      call('POST', '/contact-filters', viewer.jwt, { name: 'My agents', query: { role: 'agent' } }),
      201,
    );
    const namesFor = async (jwt: string) =>
      (
        await dataOf<{ name: string; isMine: boolean; ownerName: string | null }[]>(
          call('GET', '/contact-filters', jwt),
        )
      ).map((filter) => [filter.name, filter.isMine, filter.ownerName]);
    expect(await namesFor(viewer.jwt)).toEqual([
      ['German carriers', false, 'Ada contacts-filters'],
      ['My agents', true, 'Vera viewer'],
    ]);
    expect(await namesFor(admin.jwt)).toEqual([['German carriers', true, 'Ada contacts-filters']]);

    await errorOf(
      call('POST', '/contact-filters', viewer.jwt, { name: 'Mine for all', query: {}, isShared: true }),
      403,
    );
    await errorOf(call('DELETE', `/contact-filters/${shared._id}`, viewer.jwt), 403);
    await errorOf(call('DELETE', `/contact-filters/${own._id}`, admin.jwt), 404);
    await errorOf(
      call('POST', '/contact-filters', admin.jwt, { name: 'Bad', query: { role: 'pirate' } }),
      400,
    );
    await errorOf(call('POST', '/contact-filters', admin.jwt, { name: 'Bad', query: { page: '2' } }), 400);
    const other = await testApp.register('contacts-filters-other');
    await errorOf(call('DELETE', `/contact-filters/${shared._id}`, other.jwt), 404);
    expect(await dataOf(call('GET', '/contact-filters', other.jwt))).toEqual([]);

    await dataOf(call('DELETE', `/contact-filters/${own._id}`, viewer.jwt));
    await dataOf(call('DELETE', `/contact-filters/${shared._id}`, admin.jwt));
    expect(await namesFor(viewer.jwt)).toEqual([]);
  });

  it('names a tag once per company, whatever its case, and lets a Viewer read but not write', async () => {
    const admin = await testApp.register('contacts-tags');
    await dataOf(call('POST', '/contact-tags', admin.jwt, { name: 'Hazmat', color: 'red' }), 201);
    const conflict = await errorOf(call('POST', '/contact-tags', admin.jwt, { name: 'hazmat' }), 409);
    expect(conflict.message).toBe('A tag named "hazmat" already exists');
    await errorOf(call('POST', '/contact-tags', admin.jwt, { name: 'Pink', color: 'hotpink' }), 400);

    const viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
    expect(await dataOf<unknown[]>(call('GET', '/contact-tags', viewer.jwt))).toHaveLength(1);
    await dataOf(call('GET', '/contacts/paginate', viewer.jwt));
    await errorOf(call('POST', '/contacts', viewer.jwt, harbour), 403);
    const member = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'member' });
    await dataOf(call('POST', '/contacts', member.jwt, harbour), 201);
  });

  it('holds a company to 500 tags, by hand and by import', async () => {
    const admin = await testApp.register('contacts-tag-cap');
    await testApp.database.db.insert(contactTags).values(
      Array.from({ length: 499 }, (_, index) => ({
        companyId: admin.companyId,
        id: createId(),
        name: `Tag ${index}`,
        color: 'blue',
      })),
    );
    await dataOf(call('POST', '/contact-tags', admin.jwt, { name: 'The last one', color: 'red' }), 201);
    const refused = await errorOf(
      call('POST', '/contact-tags', admin.jwt, { name: 'One more', color: 'red' }),
      400,
    );
    expect(refused.message).toBe(
      'Your company has 500 tags, the most it may have: delete one it no longer uses first',
    );

    // An import may still use the tags there are, but adds none.
    const imported = await testApp.app.inject({
      method: 'POST',
      url: '/contactserver/api/v1/contacts/imports?columns=name,tags&dryRun=false',
      headers: { authorization: admin.jwt, 'content-type': 'text/csv' },
      payload: 'Name,Tags\r\nKnown Tag Ltd,Tag 7\r\nNew Tag Ltd,Brand new\r\n',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      data: {
        created: 1,
        newTags: [],
        refused: [
          {
            line: 3,
            reason:
              'The file names more new tags than your company may add (0 here: at most 50 a file, 500 in all)',
          },
        ],
      },
    });
  });
});

describe.each(behaviourDatabaseKinds)('contact export on %s', (kind) => {
  let testApp: TIamTestApp;
  const auditOf = auditReader(() => testApp.database.db);
  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('streams the contacts of a filter as CSV, over several batches, with formulas made harmless', async () => {
    const admin = await testApp.register('contacts-export');
    const other = await testApp.register('contacts-export-other');
    const post = (jwt: string, body: object) =>
      testApp.app.inject({
        method: 'POST',
        url: '/contactserver/api/v1/contacts',
        headers: { authorization: jwt },
        payload: body,
      });
    await post(other.jwt, { kind: 'organisation', name: 'Not Theirs Ltd', roles: ['carrier'] });
    // More than one batch of 2,000: written straight to the table, as an import would.
    const { db } = testApp.database;
    const rows = Array.from({ length: 2_100 }, (_, index) => {
      const written = {
        name: `Carrier ${String(index).padStart(4, '0')}`,
        emails: [],
        phones: [],
        addresses: [],
        taxNumber: null,
      };
      return {
        companyId: admin.companyId,
        id: createId(),
        kind: 'organisation' as const,
        roles: ['carrier'],
        ...written,
        ...derivedColumnsOf(written),
      };
    });
    for (let at = 0; at < rows.length; at += 500) await db.insert(contacts).values(rows.slice(at, at + 500));
    await post(admin.jwt, {
      kind: 'organisation',
      name: '=HYPERLINK("http://evil.example")',
      roles: ['customer'],
      phones: [{ number: '+49 40 1' }],
    });

    const all = await testApp.app.inject({
      url: '/contactserver/api/v1/contacts/export?role=carrier',
      headers: { authorization: admin.jwt },
    });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    const lines = all.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2_101);
    expect(lines[1]?.startsWith('Carrier 0000,organisation,,carrier,')).toBe(true);
    expect(lines.at(-1)?.startsWith('Carrier 2099,')).toBe(true);
    expect(all.body).not.toContain('Not Theirs');

    const formula = await testApp.app.inject({
      url: '/contactserver/api/v1/contacts/export?role=customer',
      headers: { authorization: admin.jwt },
    });
    const [, line] = formula.body.trim().split('\r\n');
    expect(
      line?.startsWith(`"'=HYPERLINK(""http://evil.example"")",organisation,,customer,,'+49 40 1,`),
    ).toBe(true);
    // A formula after a separator is a cell of its own in a spreadsheet that splits on it (a
    // semicolon locale, tabs): it is neutralised there too, and the field quoted.
    await post(admin.jwt, { kind: 'organisation', name: 'Harbour;=1+1;\t@SUM(A1)', roles: ['agent'] });
    const separated = await testApp.app.inject({
      url: '/contactserver/api/v1/contacts/export?role=agent',
      headers: { authorization: admin.jwt },
    });
    const [, agentLine] = separated.body.trim().split('\r\n');
    expect(agentLine?.startsWith(`"Harbour;'=1+1;'\t'@SUM(A1)",organisation,,agent,`)).toBe(true);

    // The list counts 1,000 rows past the page shown, no further: "1,020+" on page 1, exact deeper down.
    const metaOf = async (query: string) =>
      (
        (
          await testApp.app.inject({
            url: `/contactserver/api/v1/contacts/paginate?${query}`,
            headers: { authorization: admin.jwt },
          })
        ).json() as { meta: unknown }
      ).meta;
    expect(await metaOf('role=carrier')).toEqual({
      total: 1_020,
      totalIsCapped: true,
      page: 1,
      pageSize: 20,
    });
    expect(await metaOf('role=carrier&page=100')).toEqual({ total: 2_100, page: 100, pageSize: 20 });

    const refused = await testApp.app.inject({
      url: '/contactserver/api/v1/contacts/export?page=2',
      headers: { authorization: admin.jwt },
    });
    expect(refused.statusCode).toBe(400);

    // Each export is in the trail, with its filter.
    const exports = (await auditOf(admin.companyId, { entityType: 'contact' })).filter(
      (event) => event.action === 'export',
    );
    expect(exports.map((event) => event.after)).toEqual(
      expect.arrayContaining([{ filter: { role: 'carrier' } }, { filter: { role: 'customer' } }]),
    );

    // A download under way stops at its next batch once the session has ended.
    const request = { headers: { authorization: admin.jwt } } as FastifyRequest;
    const caller = await reauthenticate(testApp.app, request, 'contacts:read');
    const actor = {
      companyId: admin.companyId,
      userId: admin.userId,
      email: null,
      ip: null,
      userAgent: null,
      requestId: null,
    };
    const download = createContactsService({ db }).exportCsv(caller, actor, { page: 1, pageSize: 1 }, () =>
      reauthenticate(testApp.app, request, 'contacts:read'),
    );
    expect((await download.next()).value).toMatch(/^\uFEFFName,/);
    expect(((await download.next()).value as string).split('\r\n')).toHaveLength(2_001);
    const revoked = await testApp.app.inject({
      method: 'POST',
      url: '/iamserver/api/v1/users/me/sessions/revoke',
      headers: { authorization: admin.jwt },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await expect(download.next()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
