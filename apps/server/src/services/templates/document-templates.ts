import type { TTemplatePageSetup, TTemplatePurpose } from '@cargodesk/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { templates, templateVersions } from '../../db/schema/index.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { defaultTemplates } from './default-templates.ts';
import { findTemplate } from './repository.ts';

// Document templates as another module prints them (freight's shipment documents, decision 049):
// the company's active template of a purpose in the reader's language, and its current text. A
// company made before a purpose existed gets that purpose's default templates the first time it
// asks for one, as a new company gets every default at registration (seed.ts).

/** A document template as a printing module keeps it: which one, by name and language. */
export type TDocumentTemplateChoice = { id: string; name: string; language: string };

/** The text a template prints now: its current version. */
export type TDocumentTemplateText = TDocumentTemplateChoice & {
  versionId: string;
  versionNumber: number;
  body: string;
  page: TTemplatePageSetup | null;
};

const findActiveDocumentTemplates = (db: Queryable, companyId: string, purpose: TTemplatePurpose) =>
  db
    .select({ id: templates.id, name: templates.name, language: templates.language })
    .from(templates)
    .where(
      and(
        eq(templates.companyId, companyId),
        eq(templates.type, 'document'),
        eq(templates.purpose, purpose),
        eq(templates.status, 'active'),
      ),
    )
    .orderBy(asc(templates.createdAt), asc(templates.id));

/**
 * Adds the purpose's default document templates (every language) to the company, leaving out a
 * name the company already uses in that language.
 */
const seedDefaultDocumentTemplates = async (db: Queryable, companyId: string, purpose: TTemplatePurpose) => {
  const family = defaultTemplates()
    .flat()
    .filter((template) => template.type === 'document' && template.purpose === purpose);
  const familyId = createId();
  for (const [index, template] of family.entries()) {
    const id = index === 0 ? familyId : createId();
    const versionId = createId();
    const inserted = await db
      .insert(templates)
      .values({
        companyId,
        id,
        familyId,
        type: 'document',
        purpose,
        name: template.name,
        language: template.language,
        currentVersionId: versionId,
      })
      .onConflictDoNothing()
      .returning({ id: templates.id });
    if (inserted.length === 0) continue;
    await db.insert(templateVersions).values({
      companyId,
      id: versionId,
      templateId: id,
      number: 1,
      body: template.body,
      page: template.page,
    });
  }
};

/**
 * The company's active document template for `purpose` in the first of `languages` it has (else
 * its oldest), seeding the defaults when it has none. Run in the caller's transaction.
 */
export const chooseDocumentTemplate = async (
  db: Queryable,
  companyId: string,
  purpose: TTemplatePurpose,
  languages: readonly (string | null | undefined)[],
): Promise<TDocumentTemplateChoice | undefined> => {
  let found = await findActiveDocumentTemplates(db, companyId, purpose);
  if (found.length === 0) {
    await seedDefaultDocumentTemplates(db, companyId, purpose);
    found = await findActiveDocumentTemplates(db, companyId, purpose);
  }
  for (const language of languages) {
    const match = language ? found.find((template) => template.language === language) : undefined;
    if (match) return match;
  }
  return found[0];
};

/** A document template's current text, or undefined when it is gone or has no text. */
export const findDocumentTemplateText = async (
  db: Queryable,
  companyId: string,
  templateId: string,
): Promise<TDocumentTemplateText | undefined> => {
  const row = await findTemplate(db, companyId, templateId);
  if (!row?.version || row.template.type !== 'document') return undefined;
  return {
    id: row.template.id,
    name: row.template.name,
    language: row.template.language,
    versionId: row.version.id,
    versionNumber: row.version.number,
    body: row.version.body,
    page: row.version.page,
  };
};
