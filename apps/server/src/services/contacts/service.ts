import type {
  TContact,
  TContactAddress,
  TContactBulk,
  TContactListQuery,
  TContactLookup,
  TContactRole,
  TContactSummary,
  TContactTag,
  TContactTagColor,
  TContactTagInput,
  TContactTagWithCount,
  ZContactCreate,
  ZContactTagInput,
  ZContactUpdate,
} from '@cargodesk/shared';
import { contactRules, toCsvLine } from '@cargodesk/shared';
import type { Db, Tx } from '../../db/client.ts';
import { cappedTotal, type TPage } from '../../db/paging.ts';
import { inSavepointOrConflict } from '../../db/savepoint-conflict.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { readSort } from '../../platform/http/list-sort.ts';
import { listCountries } from '../../platform/reference/reference-data.ts';
import { limitHeapGrowth } from '../../platform/runtime/heap-growth-limit.ts';
import { findUserDisplayNames } from '../access/public.ts';
import { derivedColumnsOf, emailKeyOf, taxKeyOf, unionOfLists } from './contact-row.ts';
import * as duplicatesRepository from './duplicates-repository.ts';
import * as repository from './repository.ts';
import { resolveContactSearch } from './search.ts';
import * as tagsRepository from './tags-repository.ts';

export const contactMessages = {
  notFound: 'No such contact in your company',
  tagNotFound: 'No such tag in your company',
  duplicateTag: (name: string) => `A tag named "${name}" already exists`,
  tooManyTags: `Your company has ${contactRules.companyTagsMax} tags, the most it may have: delete one it no longer uses first`,
  organisationNotFound: 'must be an organisation of your company',
  organisationForPerson: 'only people belong to an organisation',
  ownerNotFound: 'must be a user of your company',
  tagsNotFound: 'must be tags of your company',
  unknownCountry: (code: string) => `has an unknown country code ${code}`,
  mergeSelf: 'must be another contact than the one kept',
  mergeKinds:
    'must be of the same kind as the contact kept: an organisation with an organisation, a person with a person',
  someNotFound: 'must all be contacts of your company',
} as const;

const notFound = () => new AppError('NOT_FOUND', contactMessages.notFound);

/** How many people an organisation's page lists; the list filtered by organisation has them all. */
const peopleShown = 100;

type TCreateInput = ReturnType<typeof ZContactCreate.parse>;
type TUpdateInput = ReturnType<typeof ZContactUpdate.parse>;

const contactExportHeader = [
  'Name',
  'Kind',
  'Organisation',
  'Roles',
  'E-mail',
  'Phone',
  'City',
  'Country',
  'Tax number',
  'Tags',
  'Owner',
  'Added',
  'Last change',
];

const contactExportLine = (contact: TContactSummary) => [
  contact.name,
  contact.kind,
  contact.organisation?.name,
  contact.roles.join(' '),
  contact.email,
  contact.phone,
  contact.city,
  contact.countryCode,
  contact.taxNumber,
  contact.tags.map((tag) => tag.name).join(', '),
  contact.owner?.name,
  contact.createdAt,
  contact.updatedAt,
];

let countryCodes: Set<string> | undefined;
const isCountryCode = (code: string) => {
  countryCodes ??= new Set(listCountries().map((country) => country.code));
  return countryCodes.has(code);
};

const toTag = (row: { id: string; name: string; color: string }): TContactTag => ({
  _id: row.id,
  name: row.name,
  color: row.color as TContactTagColor,
});

/** What the audit trail keeps of a contact: what the user wrote, not the derived columns. */
const auditedOf = (row: repository.TContactRow, tagIds: string[]) => ({
  kind: row.kind,
  name: row.name,
  organisationId: row.organisationId,
  jobTitle: row.jobTitle,
  roles: row.roles,
  emails: row.emails,
  phones: row.phones,
  addresses: row.addresses,
  taxNumber: row.taxNumber,
  notes: row.notes,
  ownerId: row.ownerId,
  tagIds,
});

export type TContactsServiceDependencies = { db: Db };

/**
 * contacts: the organisations and people a company works with, and their tags. A request's
 * writes are one transaction; every change is audited with what the user wrote before and after.
 */
export const createContactsService = ({ db }: TContactsServiceDependencies) => {
  const ownerNames = (tx: Tx, companyId: string, ownerIds: (string | null)[]) =>
    findUserDisplayNames(
      tx,
      companyId,
      ownerIds.filter((id): id is string => id !== null),
    );

  /** List rows, which carry their tags, with their owners' names, in the rows' order. */
  const toSummaries = async (tx: Tx, companyId: string, rows: repository.TContactListRow[]) => {
    const owners = await ownerNames(
      tx,
      companyId,
      rows.map((row) => row.contact.ownerId),
    );
    return rows.map(
      ({ contact, organisation, tags }): TContactSummary => ({
        _id: contact.id,
        kind: contact.kind,
        name: contact.name,
        organisation:
          organisation?.id && organisation.name !== null
            ? { _id: organisation.id, name: organisation.name }
            : null,
        roles: contact.roles as TContactRole[],
        email: contact.primaryEmail,
        phone: contact.primaryPhone,
        city: contact.city,
        countryCode: contact.countryCode,
        taxNumber: contact.taxNumber,
        owner:
          contact.ownerId && owners.has(contact.ownerId)
            ? { _id: contact.ownerId, name: owners.get(contact.ownerId) ?? '' }
            : null,
        tags: tags.map(toTag),
        createdAt: contact.createdAt.toISOString(),
        updatedAt: contact.updatedAt.toISOString(),
      }),
    );
  };

  const filterOf = (auth: TAuthContext, query: TContactListQuery, page: TPage): repository.TContactFilter => {
    const sort = readSort(query.sort, repository.contactSortColumns);
    return {
      ...page,
      companyId: auth.companyId,
      kind: query.kind,
      role: query.role,
      tagId: query.tagId,
      countryCode: query.countryCode,
      ownerId: query.ownerId,
      organisationId: query.organisationId,
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
      updatedFrom: query.updatedFrom,
      updatedTo: query.updatedTo,
      timeZone: auth.company.timezone ?? 'UTC',
      sort: sort?.field,
      isDescending: sort?.isDescending ?? false,
    };
  };

  const list = async (auth: TAuthContext, query: TContactListQuery) => {
    const filter = filterOf(auth, query, query);
    return withTenantRead(db, auth.companyId, async (tx) => {
      // As typed first; only when nothing matches so, forgiving misspellings (contacts/search.ts).
      const search = query.q ? await resolveContactSearch(tx, auth.companyId, query.q) : undefined;
      let found = await repository.findContactPage(tx, { ...filter, search: search?.first });
      if (found.total === 0 && search?.fallback)
        found = await repository.findContactPage(tx, { ...filter, search: search.fallback });
      const { rows, total, cap } = found;
      return {
        data: await toSummaries(tx, auth.companyId, rows),
        meta: { ...cappedTotal(total, cap), page: query.page, pageSize: query.pageSize },
      };
    });
  };

  const lookup = async (
    auth: TAuthContext,
    query: { q: string; kind?: TContact['kind'] | undefined; limit: number },
  ): Promise<TContactLookup[]> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const search = query.q ? await resolveContactSearch(tx, auth.companyId, query.q) : undefined;
      let rows = await repository.findLookup(tx, auth.companyId, { ...query, search: search?.first });
      if (rows.length === 0 && search?.fallback)
        rows = await repository.findLookup(tx, auth.companyId, { ...query, search: search.fallback });
      return rows.map((row) => ({
        _id: row.id,
        kind: row.kind,
        name: row.name,
        organisation: row.organisation,
        email: row.primaryEmail,
      }));
    });

  const readContact = async (tx: Tx, companyId: string, id: string): Promise<TContact> => {
    const found = await repository.findContact(tx, companyId, id);
    if (!found) throw notFound();
    const { contact, organisation } = found;
    const tags = await tagsRepository.findTagsOf(tx, companyId, [contact.id]);
    const [summary] = await toSummaries(tx, companyId, [{ contact, organisation, tags }]);
    const people =
      contact.kind === 'organisation'
        ? await repository.findPeople(tx, companyId, contact.id, peopleShown)
        : [];
    return {
      ...(summary as TContactSummary),
      jobTitle: contact.jobTitle,
      emails: contact.emails,
      phones: contact.phones,
      addresses: contact.addresses,
      notes: contact.notes,
      people: people.map((person) => ({
        _id: person.id,
        name: person.name,
        jobTitle: person.jobTitle,
        email: person.primaryEmail,
      })),
    };
  };

  const get = (auth: TAuthContext, id: string) =>
    withTenantRead(db, auth.companyId, (tx) => readContact(tx, auth.companyId, id));

  /** Checks what a contact points at: its organisation, owner, tags and countries are the company's. */
  const assertReferences = async (
    tx: Tx,
    companyId: string,
    kind: TContact['kind'],
    input: {
      organisationId?: string | null | undefined;
      ownerId?: string | null | undefined;
      tagIds?: string[] | undefined;
      addresses?: TContactAddress[] | undefined;
    },
    selfId?: string,
  ) => {
    if (input.organisationId) {
      if (kind !== 'person') throw fieldError('organisationId', contactMessages.organisationForPerson);
      const organisation = await repository.findContact(tx, companyId, input.organisationId);
      if (organisation?.contact.kind !== 'organisation' || input.organisationId === selfId)
        throw fieldError('organisationId', contactMessages.organisationNotFound);
    }
    if (input.ownerId) {
      const owners = await findUserDisplayNames(tx, companyId, [input.ownerId]);
      if (!owners.has(input.ownerId)) throw fieldError('ownerId', contactMessages.ownerNotFound);
    }
    if (input.tagIds && input.tagIds.length > 0) {
      const distinct = [...new Set(input.tagIds)];
      if ((await tagsRepository.countTagsIn(tx, companyId, distinct)) !== distinct.length)
        throw fieldError('tagIds', contactMessages.tagsNotFound);
    }
    input.addresses?.forEach((address, index) => {
      if (!isCountryCode(address.countryCode))
        throw fieldError(
          `addresses.${index}.countryCode`,
          contactMessages.unknownCountry(address.countryCode),
        );
    });
  };

  const create = async (auth: TAuthContext, actor: TAuditActor, input: TCreateInput) =>
    withTenant(db, auth.companyId, async (tx) => {
      await assertReferences(tx, auth.companyId, input.kind, input);
      const id = createId();
      const tagIds = [...new Set(input.tagIds)];
      const row = {
        companyId: auth.companyId,
        id,
        kind: input.kind,
        name: input.name,
        organisationId: input.kind === 'person' ? (input.organisationId ?? null) : null,
        jobTitle: input.jobTitle || null,
        roles: [...new Set(input.roles)],
        emails: input.emails,
        phones: input.phones,
        addresses: input.addresses,
        taxNumber: input.taxNumber || null,
        notes: input.notes || null,
        ownerId: input.ownerId ?? null,
        createdBy: auth.userId,
        updatedBy: auth.userId,
        ...derivedColumnsOf({ ...input, taxNumber: input.taxNumber || null }),
      };
      await repository.insertContacts(tx, [row]);
      await tagsRepository.replaceTags(tx, auth.companyId, id, tagIds);
      const created = await repository.lockContact(tx, auth.companyId, id);
      if (!created) throw notFound();
      await auditTrails.contact(tx, actor, 'create', id, { after: auditedOf(created, tagIds) });
      return readContact(tx, auth.companyId, id);
    });

  const update = async (auth: TAuthContext, actor: TAuditActor, id: string, input: TUpdateInput) =>
    withTenant(db, auth.companyId, async (tx) => {
      const before = await repository.lockContact(tx, auth.companyId, id);
      if (!before) throw notFound();
      await assertReferences(tx, auth.companyId, before.kind, input, id);
      const beforeTags = (await tagsRepository.findTagsOf(tx, auth.companyId, [id])).map((tag) => tag.id);
      const written = {
        name: input.name ?? before.name,
        emails: input.emails ?? before.emails,
        phones: input.phones ?? before.phones,
        addresses: input.addresses ?? before.addresses,
        taxNumber: input.taxNumber === undefined ? before.taxNumber : input.taxNumber || null,
      };
      await repository.updateContact(tx, auth.companyId, id, {
        ...written,
        ...(input.organisationId !== undefined ? { organisationId: input.organisationId } : {}),
        ...(input.jobTitle !== undefined ? { jobTitle: input.jobTitle || null } : {}),
        ...(input.roles ? { roles: [...new Set(input.roles)] } : {}),
        ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
        ...(input.ownerId !== undefined ? { ownerId: input.ownerId } : {}),
        updatedBy: auth.userId,
        ...derivedColumnsOf(written),
      });
      const tagIds = input.tagIds ? [...new Set(input.tagIds)] : beforeTags;
      if (input.tagIds) await tagsRepository.replaceTags(tx, auth.companyId, id, tagIds);
      const after = await repository.lockContact(tx, auth.companyId, id);
      if (!after) throw notFound();
      await auditTrails.contact(tx, actor, 'update', id, {
        before: auditedOf(before, beforeTags),
        after: auditedOf(after, tagIds),
      });
      return readContact(tx, auth.companyId, id);
    });

  /** Deletes contacts that exist in the company; their people stay, without an organisation. */
  const deleteLocked = async (tx: Tx, auth: TAuthContext, actor: TAuditActor, ids: string[]) => {
    const locked = await repository.lockContacts(tx, auth.companyId, ids);
    if (locked.length !== ids.length) return undefined;
    const organisationIds = locked.filter((row) => row.kind === 'organisation').map((row) => row.id);
    if (organisationIds.length > 0) await repository.detachPeople(tx, auth.companyId, organisationIds);
    const before = await repository.findContactRows(tx, auth.companyId, ids);
    const tagRows = await tagsRepository.findTagsOf(tx, auth.companyId, ids);
    await repository.deleteContacts(tx, auth.companyId, ids);
    for (const contact of before) {
      await auditTrails.contact(tx, actor, 'delete', contact.id, {
        before: auditedOf(
          contact,
          tagRows.filter((tag) => tag.contactId === contact.id).map((tag) => tag.id),
        ),
      });
    }
    return locked.length;
  };

  const remove = async (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      if ((await deleteLocked(tx, auth, actor, [id])) === undefined) throw notFound();
    });

  /** Tags, untags or deletes many contacts at once: all of them, or none when one is not the company's. */
  const bulk = async (auth: TAuthContext, actor: TAuditActor, request: TContactBulk) =>
    withTenant(db, auth.companyId, async (tx) => {
      const ids = [...new Set(request.ids)];
      if (request.action === 'delete') {
        const deleted = await deleteLocked(tx, auth, actor, ids);
        if (deleted === undefined) throw fieldError('ids', contactMessages.someNotFound);
        return { changed: deleted };
      }
      const tag = request.tagId ? await tagsRepository.findTag(tx, auth.companyId, request.tagId) : undefined;
      if (!tag) throw fieldError('tagId', contactMessages.tagsNotFound);
      const locked = await repository.lockContacts(tx, auth.companyId, ids);
      if (locked.length !== ids.length) throw fieldError('ids', contactMessages.someNotFound);
      const changed =
        request.action === 'tag'
          ? await tagsRepository.linkTag(tx, auth.companyId, tag.id, ids)
          : await tagsRepository.unlinkTag(tx, auth.companyId, tag.id, ids);
      await auditTrails['contact-tag'](tx, actor, 'update', tag.id, {
        before: null,
        after: { [request.action === 'tag' ? 'taggedContactIds' : 'untaggedContactIds']: ids, changed },
      });
      return { changed };
    });

  /** Contacts with one of these e-mails or this tax number: the create form's warning. */
  const duplicates = (
    auth: TAuthContext,
    query: { email?: string | undefined; taxNumber?: string | undefined; exceptId?: string | undefined },
  ) =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const rows = await duplicatesRepository.findDuplicates(tx, auth.companyId, {
        emailKeys: query.email ? [emailKeyOf(query.email)] : [],
        taxKey: taxKeyOf(query.taxNumber),
        exceptId: query.exceptId,
      });
      return rows.map((row) => ({
        _id: row.id,
        kind: row.kind,
        name: row.name,
        email: row.primaryEmail,
        taxNumber: row.taxNumber,
        sameEmail: query.email ? row.emailKeys.includes(emailKeyOf(query.email)) : false,
        sameTaxNumber: Boolean(row.taxKey && row.taxKey === taxKeyOf(query.taxNumber)),
      }));
    });

  /** Groups of contacts sharing an e-mail or tax number, for the "possible duplicates" view. */
  const duplicateGroups = (auth: TAuthContext, page: TPage) =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const groups = await duplicatesRepository.findDuplicateGroups(tx, auth.companyId, page);
      const rows = await duplicatesRepository.findContactsByIds(tx, auth.companyId, [
        ...new Set(groups.flatMap((group) => group.ids)),
      ]);
      const summaries = new Map(
        (await toSummaries(tx, auth.companyId, rows)).map((summary) => [summary._id, summary]),
      );
      return groups.map((group) => {
        const [kind, ...rest] = group.key.split(':');
        return {
          reason: kind === 'tax' ? ('taxNumber' as const) : ('email' as const),
          value: rest.join(':'),
          contacts: group.ids.flatMap((id) => summaries.get(id) ?? []),
        };
      });
    });

  /**
   * Keeps `keptId` and folds the duplicate into it: e-mails, phones and addresses it lacks, its tags,
   * its people; empty fields of the kept contact take the duplicate's. The duplicate is deleted.
   */
  const merge = async (auth: TAuthContext, actor: TAuditActor, keptId: string, duplicateId: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      if (keptId === duplicateId) throw fieldError('duplicateId', contactMessages.mergeSelf);
      const [first, second] = await repository.lockContacts(tx, auth.companyId, [keptId, duplicateId]);
      if (!first || !second) throw notFound();
      const kept = await repository.findContact(tx, auth.companyId, keptId);
      const duplicate = await repository.findContact(tx, auth.companyId, duplicateId);
      if (!kept || !duplicate) throw notFound();
      if (kept.contact.kind !== duplicate.contact.kind)
        throw fieldError('duplicateId', contactMessages.mergeKinds);
      const k = kept.contact;
      const d = duplicate.contact;
      const written = {
        name: k.name,
        ...unionOfLists(k, d),
        taxNumber: k.taxNumber ?? d.taxNumber,
      };
      const beforeTags = (await tagsRepository.findTagsOf(tx, auth.companyId, [keptId])).map((tag) => tag.id);
      await tagsRepository.copyTags(tx, auth.companyId, duplicateId, keptId);
      if (k.kind === 'organisation') await repository.movePeople(tx, auth.companyId, duplicateId, keptId);
      await repository.updateContact(tx, auth.companyId, keptId, {
        ...written,
        jobTitle: k.jobTitle ?? d.jobTitle,
        organisationId: k.organisationId ?? (d.organisationId === keptId ? null : d.organisationId),
        roles: [...new Set([...k.roles, ...d.roles])],
        notes: [k.notes, d.notes].filter(Boolean).join('\n\n') || null,
        ownerId: k.ownerId ?? d.ownerId,
        updatedBy: auth.userId,
        ...derivedColumnsOf(written),
      });
      await deleteLocked(tx, auth, actor, [duplicateId]);
      const after = await repository.lockContact(tx, auth.companyId, keptId);
      if (!after) throw notFound();
      const afterTags = (await tagsRepository.findTagsOf(tx, auth.companyId, [keptId])).map((tag) => tag.id);
      await auditTrails.contact(tx, actor, 'update', keptId, {
        before: auditedOf(k, beforeTags),
        after: { ...auditedOf(after, afterTags), mergedFrom: { id: d.id, name: d.name } },
      });
      return readContact(tx, auth.companyId, keptId);
    });

  // Tags

  const listTags = (auth: TAuthContext): Promise<TContactTagWithCount[]> =>
    withTenantRead(db, auth.companyId, async (tx) =>
      (await tagsRepository.findTags(tx, auth.companyId)).map((row) => ({
        ...toTag(row),
        contactCount: Number(row.contactCount),
      })),
    );

  const tagConflict = (tx: Tx, name: string, work: (savepoint: Tx) => Promise<unknown>) =>
    inSavepointOrConflict(tx, work, () => new AppError('CONFLICT', contactMessages.duplicateTag(name)));

  const createTag = (
    auth: TAuthContext,
    actor: TAuditActor,
    input: ReturnType<typeof ZContactTagInput.parse>,
  ) =>
    withTenant(db, auth.companyId, async (tx) => {
      // Two requests at the limit may both pass: a tag or two over it, never thousands.
      if ((await tagsRepository.countTags(tx, auth.companyId)) >= contactRules.companyTagsMax)
        throw new AppError('VALIDATION_FAILED', contactMessages.tooManyTags, {
          fields: [{ field: 'name', message: contactMessages.tooManyTags }],
        });
      const id = createId();
      await tagConflict(tx, input.name, (savepoint) =>
        tagsRepository.insertTag(savepoint, {
          companyId: auth.companyId,
          id,
          name: input.name,
          color: input.color,
        }),
      );
      await auditTrails['contact-tag'](tx, actor, 'create', id, { after: input });
      return toTag({ id, ...input });
    });

  const updateTag = (auth: TAuthContext, actor: TAuditActor, id: string, input: Partial<TContactTagInput>) =>
    withTenant(db, auth.companyId, async (tx) => {
      const before = await tagsRepository.findTag(tx, auth.companyId, id);
      if (!before) throw new AppError('NOT_FOUND', contactMessages.tagNotFound);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
      };
      // A change of nothing writes nothing, nor an audit entry.
      if (changes.name === undefined && changes.color === undefined) return toTag(before);
      await tagConflict(tx, input.name ?? before.name, (savepoint) =>
        tagsRepository.updateTag(savepoint, auth.companyId, id, changes),
      );
      const after = { name: changes.name ?? before.name, color: changes.color ?? before.color };
      await auditTrails['contact-tag'](tx, actor, 'update', id, {
        before: { name: before.name, color: before.color },
        after,
      });
      return toTag({ id, ...after });
    });

  const deleteTag = (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const before = await tagsRepository.findTag(tx, auth.companyId, id);
      if (!before) throw new AppError('NOT_FOUND', contactMessages.tagNotFound);
      await tagsRepository.deleteTag(tx, auth.companyId, id);
      await auditTrails['contact-tag'](tx, actor, 'delete', id, {
        before: { name: before.name, color: before.color },
      });
    });

  /** What an export's audit entry keeps of its filter: the conditions, not the paging. */
  const exportedFilterOf = ({
    page: _page,
    pageSize: _pageSize,
    sort: _sort,
    ...conditions
  }: TContactListQuery) =>
    Object.fromEntries(Object.entries(conditions).filter(([, value]) => value !== undefined && value !== ''));

  /** How many contacts each transaction of an export reads. */
  const exportBatchSize = 2_000;

  /**
   * The contacts of a filter as CSV lines, a batch at a time, each batch in a read transaction of its
   * own: a million rows stream out without a long transaction or the whole list in memory. The export
   * is audited before its first line; `assertCallerStillAllowed` runs before every later batch, so a
   * session ended or a permission taken away midway stops the download there.
   */
  async function* exportCsv(
    auth: TAuthContext,
    actor: TAuditActor,
    query: TContactListQuery,
    assertCallerStillAllowed: () => Promise<unknown>,
  ) {
    const listed = filterOf(auth, { ...query, sort: undefined }, { page: 1, pageSize: exportBatchSize });
    // The search is read once, so every batch selects by the same words.
    const filter = {
      ...listed,
      search: await withTenantRead(db, auth.companyId, async (tx) => {
        if (!query.q) return undefined;
        const { first, fallback } = await resolveContactSearch(tx, auth.companyId, query.q);
        return fallback && !(await repository.hasContacts(tx, { ...listed, search: first }))
          ? fallback
          : first;
      }),
    };
    await withTenant(db, auth.companyId, (tx) =>
      auditTrails.contact(tx, actor, 'export', createId(), { after: { filter: exportedFilterOf(query) } }),
    );
    yield `\uFEFF${toCsvLine(contactExportHeader)}`;
    let afterId: string | undefined;
    const collectWhenGrown = limitHeapGrowth();
    for (;;) {
      collectWhenGrown();
      if (afterId) await assertCallerStillAllowed();
      const summaries = await withTenantRead(db, auth.companyId, async (tx) => {
        const rows = await repository.findExportBatch(tx, filter, afterId, exportBatchSize);
        return toSummaries(tx, auth.companyId, rows);
      });
      if (summaries.length === 0) return;
      yield summaries.map((contact) => toCsvLine(contactExportLine(contact))).join('');
      afterId = summaries.at(-1)?._id;
      if (summaries.length < exportBatchSize) return;
    }
  }

  return {
    list,
    exportCsv,
    lookup,
    get,
    create,
    update,
    remove,
    bulk,
    duplicates,
    duplicateGroups,
    merge,
    listTags,
    createTag,
    updateTag,
    deleteTag,
    /** The list's filter, for the CSV export. */
    filterOf,
  };
};

export type TContactsService = ReturnType<typeof createContactsService>;
