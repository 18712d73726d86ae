import type { Queryable } from '../../db/client.ts';
import { templates, templateVersions } from '../../db/schema/index.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { defaultTemplates } from './default-templates.ts';

/**
 * Gives a new company the default templates (default-templates.ts), each with its first version
 * written by nobody. Runs in the company's own transaction, on the company-created event: two
 * statements, since every registration pays for them.
 */
export const seedDefaultTemplates = async (db: Queryable, companyId: string) => {
  const rows = defaultTemplates().flatMap((family) => {
    const familyId = createId();
    return family.map((template, index) => ({
      template,
      id: index === 0 ? familyId : createId(),
      familyId,
      versionId: createId(),
    }));
  });
  await db.insert(templates).values(
    rows.map(({ template, id, familyId, versionId }) => ({
      companyId,
      id,
      familyId,
      type: template.type,
      purpose: template.purpose,
      name: template.name,
      language: template.language,
      currentVersionId: versionId,
    })),
  );
  await db.insert(templateVersions).values(
    rows.map(({ template, id, versionId }) => ({
      companyId,
      id: versionId,
      templateId: id,
      number: 1,
      subject: template.subject,
      body: template.body,
      page: template.page,
    })),
  );
};
