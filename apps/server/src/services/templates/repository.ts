import { and, asc, count, desc, eq, ilike, inArray, max, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { pageOffset, type TPage } from '../../db/paging.ts';
import { templates, templateUses, templateVersions } from '../../db/schema/index.ts';

// The templates module's queries: its own tables only. Every one names the company, besides
// row-level security.

export type TTemplateRow = typeof templates.$inferSelect;
export type TTemplateVersionRow = typeof templateVersions.$inferSelect;
/** A template with its current version, as one read gives them. */
export type TTemplateWithVersion = { template: TTemplateRow; version: TTemplateVersionRow | null };

export const templateSortColumns = {
  name: templates.name,
  updatedAt: templates.updatedAt,
  purpose: templates.purpose,
  language: templates.language,
} satisfies Record<string, AnyPgColumn>;
export type TTemplateSortColumn = keyof typeof templateSortColumns;

export type TTemplateFilter = TPage & {
  companyId: string;
  q?: string | undefined;
  type?: TTemplateRow['type'] | undefined;
  purpose?: string | undefined;
  language?: string | undefined;
  status?: TTemplateRow['status'] | undefined;
  sort: TTemplateSortColumn;
  isDescending: boolean;
};

const byTemplate = (companyId: string, id: string) =>
  and(eq(templates.companyId, companyId), eq(templates.id, id));

// The current version joins on the company too: the key is (company, id).
const currentVersionJoin = and(
  eq(templateVersions.companyId, templates.companyId),
  eq(templateVersions.id, templates.currentVersionId),
);

export const findTemplatePage = async (db: Queryable, filter: TTemplateFilter) => {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const conditions: (SQL | undefined)[] = [
    eq(templates.companyId, filter.companyId),
    pattern ? ilike(templates.name, pattern) : undefined,
    filter.type ? eq(templates.type, filter.type) : undefined,
    filter.purpose ? eq(templates.purpose, filter.purpose) : undefined,
    filter.language ? eq(templates.language, filter.language) : undefined,
    filter.status ? eq(templates.status, filter.status) : undefined,
  ];
  const where = and(...conditions);
  const [counted] = await db.select({ total: count() }).from(templates).where(where);
  const column = templateSortColumns[filter.sort];
  const rows = await db
    .select({ template: templates, version: templateVersions })
    .from(templates)
    .leftJoin(templateVersions, currentVersionJoin)
    .where(where)
    // The id keeps pages stable between equal values.
    .orderBy(filter.isDescending ? desc(column) : asc(column), asc(templates.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { rows: rows as TTemplateWithVersion[], total: counted?.total ?? 0 };
};

export const findTemplate = async (
  db: Queryable,
  companyId: string,
  id: string,
): Promise<TTemplateWithVersion | undefined> => {
  const [row] = await db
    .select({ template: templates, version: templateVersions })
    .from(templates)
    .leftJoin(templateVersions, currentVersionJoin)
    .where(byTemplate(companyId, id));
  return row;
};

/** Takes the template's row lock, so two saves number their versions one after the other. */
export const lockTemplate = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db.select().from(templates).where(byTemplate(companyId, id)).for('update');
  return row;
};

export const insertTemplate = (db: Queryable, row: typeof templates.$inferInsert) =>
  db.insert(templates).values(row);

export const updateTemplate = (
  db: Queryable,
  companyId: string,
  id: string,
  changes: Partial<
    Pick<TTemplateRow, 'name' | 'purpose' | 'language' | 'status' | 'currentVersionId' | 'updatedBy'>
  >,
) =>
  db
    .update(templates)
    .set({ ...changes, updatedAt: new Date() })
    .where(byTemplate(companyId, id));

export const deleteTemplate = (db: Queryable, companyId: string, id: string) =>
  db.delete(templates).where(byTemplate(companyId, id));

export const nextVersionNumber = async (db: Queryable, companyId: string, templateId: string) => {
  const [row] = await db
    .select({ highest: max(templateVersions.number) })
    .from(templateVersions)
    .where(and(eq(templateVersions.companyId, companyId), eq(templateVersions.templateId, templateId)));
  return (row?.highest ?? 0) + 1;
};

export const insertVersion = (db: Queryable, row: typeof templateVersions.$inferInsert) =>
  db.insert(templateVersions).values(row);

/** A template's versions, newest first, without their text. */
export const findVersions = (db: Queryable, companyId: string, templateId: string, page: TPage) =>
  db
    .select({
      id: templateVersions.id,
      number: templateVersions.number,
      createdAt: templateVersions.createdAt,
      createdByEmail: templateVersions.createdByEmail,
    })
    .from(templateVersions)
    .where(and(eq(templateVersions.companyId, companyId), eq(templateVersions.templateId, templateId)))
    .orderBy(desc(templateVersions.number))
    .limit(page.pageSize)
    .offset(pageOffset(page));

export const countVersions = async (db: Queryable, companyId: string, templateId: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(templateVersions)
    .where(and(eq(templateVersions.companyId, companyId), eq(templateVersions.templateId, templateId)));
  return row?.total ?? 0;
};

export const findVersion = async (db: Queryable, companyId: string, templateId: string, number: number) => {
  const [row] = await db
    .select()
    .from(templateVersions)
    .where(
      and(
        eq(templateVersions.companyId, companyId),
        eq(templateVersions.templateId, templateId),
        eq(templateVersions.number, number),
      ),
    );
  return row;
};

/**
 * Which of `ids` are versions of the company's templates. Their templates are held (`for key
 * share`) until the mail commits: a deletion, which locks the template first, either waits and
 * then finds the use, or went first and leaves the version gone.
 */
export const findVersionIds = async (db: Queryable, companyId: string, ids: string[]) => {
  const rows = await db
    .select({ id: templateVersions.id })
    .from(templateVersions)
    .innerJoin(
      templates,
      and(eq(templates.companyId, templateVersions.companyId), eq(templates.id, templateVersions.templateId)),
    )
    .where(and(eq(templateVersions.companyId, companyId), inArray(templateVersions.id, ids)))
    .for('key share', { of: templates });
  return new Set(rows.map((row) => row.id));
};

export const insertUses = (db: Queryable, rows: (typeof templateUses.$inferInsert)[]) =>
  db.insert(templateUses).values(rows).onConflictDoNothing();

/** How many mails used any version of the template. */
export const countTemplateUses = async (db: Queryable, companyId: string, templateId: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(templateUses)
    .innerJoin(
      templateVersions,
      and(
        eq(templateVersions.companyId, templateUses.companyId),
        eq(templateVersions.id, templateUses.versionId),
      ),
    )
    .where(and(eq(templateUses.companyId, companyId), eq(templateVersions.templateId, templateId)));
  return row?.total ?? 0;
};

/** The family's languages that are active, for choosing the one a reader reads. */
export const findFamilyMembers = (db: Queryable, companyId: string, familyId: string) =>
  db
    .select({ template: templates, version: templateVersions })
    .from(templates)
    .leftJoin(templateVersions, currentVersionJoin)
    .where(
      and(
        eq(templates.companyId, companyId),
        eq(templates.familyId, familyId),
        eq(templates.status, 'active'),
      ),
    ) as Promise<TTemplateWithVersion[]>;
