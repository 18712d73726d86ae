import {
  defaultTemplatePage,
  type TTemplate,
  type TTemplateCheck,
  type TTemplateContent,
  type TTemplateCreate,
  type TTemplateDraft,
  type TTemplateListQuery,
  type TTemplatePurpose,
  type TTemplateSummary,
  type TTemplateType,
  type TTemplateUpdate,
  type TTemplateVersion,
  templateSamples,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../db/client.ts';
import { listMeta, type TPage } from '../../db/paging.ts';
import { inSavepointOrConflict } from '../../db/savepoint-conflict.ts';
import type { TPdfRenderer } from '../../pdf/pdf-renderer.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { readSort } from '../../platform/http/list-sort.ts';
import type { TRateLimit } from '../../platform/http/rate-limits.ts';
import type { TTenantTemplates } from '../../templating/tenant-templates.ts';
import { localeOf } from './render-locale.ts';
import * as repository from './repository.ts';

export const templateMessages = {
  notFound: 'No such template in your company',
  versionNotFound: 'This template has no such version',
  familyNotFound: 'The template to add a language to is not in your company',
  // Names are unique per kind: an email and a document may share one.
  duplicate: ({ type, name, language }: { type: TTemplateType; name: string; language: string }) =>
    `${type === 'email' ? 'An email' : 'A document'} template named "${name}" in ${language} already exists`,
  subjectRequired: 'An email template needs a subject',
  syntax: 'The template has a syntax problem',
  pdfNeedsDocument: 'must be document: only document templates print to PDF',
  usedInMail: 'This template was used in a mail, so its versions are kept. Archive it instead.',
  unknownVersions: 'must be versions of your company’s templates',
  notOfType: (type: string) => `This template is not an ${type} template`,
  missingData: (names: string[]) =>
    `This template uses ${names.join(', ')}, which a mail from the composer has no value for. Choose another template or edit this one.`,
  tooManyPdfs: 'Your company has made many PDFs in the last hour. Try again later.',
} as const;

const toVersion = (row: repository.TTemplateVersionRow): TTemplateVersion => ({
  _id: row.id,
  number: row.number,
  createdAt: row.createdAt.toISOString(),
  createdByEmail: row.createdByEmail,
  subject: row.subject,
  body: row.body,
  page: row.page,
});

const toSummary = ({ template, version }: repository.TTemplateWithVersion): TTemplateSummary => ({
  _id: template.id,
  familyId: template.familyId,
  type: template.type,
  purpose: template.purpose as TTemplatePurpose,
  name: template.name,
  language: template.language,
  status: template.status,
  versionNumber: version?.number ?? null,
  updatedAt: template.updatedAt.toISOString(),
  updatedByEmail: version?.createdByEmail ?? null,
});

const toTemplate = (row: repository.TTemplateWithVersion): TTemplate => ({
  ...toSummary(row),
  current: row.version ? toVersion(row.version) : null,
});

/** How many numbered names a duplicate tries before it gives up with 409. */
const maxCopyAttempts = 20;

/**
 * templates: the company's email and document templates. A template's text is kept in
 * versions: every save adds one, a restore adds a copy of an old one, and none is ever changed.
 */
export type TTemplatesServiceDependencies = {
  db: Db;
  pdf: TPdfRenderer;
  pdfRendersPerCompany: TRateLimit;
  /** Checks and renders on the tenant work pool. */
  templates: TTenantTemplates;
};

export const createTemplatesService = ({
  db,
  pdf,
  pdfRendersPerCompany,
  templates,
}: TTemplatesServiceDependencies) => {
  const readTemplate = async (tx: Tx, companyId: string, id: string) => {
    const row = await repository.findTemplate(tx, companyId, id);
    if (!row) throw new AppError('NOT_FOUND', templateMessages.notFound);
    return toTemplate(row);
  };

  /**
   * The syntax problems of the text and the subject, found on the pool before any transaction
   * opens: a transaction never waits for a thread.
   */
  const findProblems = async (auth: TAuthContext, content: TTemplateContent) => ({
    body: await templates.findProblems(auth, content.body),
    subject: content.subject ? await templates.findProblems(auth, content.subject) : [],
  });
  type TProblemsFound = Awaited<ReturnType<typeof findProblems>>;

  /** Refuses text the engine cannot parse, with each problem's line and column for the editor. */
  const assertParses = (problems: TProblemsFound['body'], field: 'body' | 'subject') => {
    const [first] = problems;
    if (first) {
      throw fieldError(
        field,
        `has a syntax problem at line ${first.line}, column ${first.column}: ${first.message}`,
        {
          problems,
        },
      );
    }
  };

  /** The content a version stores for a template of `type`: a subject for emails, a page for documents. */
  const contentFor = (type: 'email' | 'document', content: TTemplateContent, problems: TProblemsFound) => {
    assertParses(problems.body, 'body');
    if (type === 'email') {
      if (!content.subject) throw fieldError('subject', 'is required');
      assertParses(problems.subject, 'subject');
      return { subject: content.subject, body: content.body, page: null };
    }
    return { subject: null, body: content.body, page: content.page ?? defaultTemplatePage };
  };

  const addVersion = async (
    tx: Tx,
    auth: TAuthContext,
    templateId: string,
    content: { subject: string | null; body: string; page: TTemplateVersion['page'] },
  ) => {
    const id = createId();
    const number = await repository.nextVersionNumber(tx, auth.companyId, templateId);
    await repository.insertVersion(tx, {
      companyId: auth.companyId,
      id,
      templateId,
      number,
      ...content,
      createdBy: auth.userId,
      createdByEmail: auth.user.email,
    });
    await repository.updateTemplate(tx, auth.companyId, templateId, {
      currentVersionId: id,
      updatedBy: auth.userId,
    });
    return number;
  };

  const orConflict = <T>(
    tx: Tx,
    identity: { type: TTemplateType; name: string; language: string },
    work: (savepoint: Tx) => Promise<T>,
  ) => inSavepointOrConflict(tx, work, () => new AppError('CONFLICT', templateMessages.duplicate(identity)));

  const list = async (auth: TAuthContext, query: TTemplateListQuery) => {
    const sort = readSort(query.sort, repository.templateSortColumns);
    const { rows, total } = await withTenantRead(db, auth.companyId, (tx) =>
      repository.findTemplatePage(tx, {
        companyId: auth.companyId,
        q: query.q,
        type: query.type,
        purpose: query.purpose,
        language: query.language,
        status: query.status,
        sort: sort?.field ?? 'name',
        isDescending: sort?.isDescending ?? false,
        page: query.page,
        pageSize: query.pageSize,
      }),
    );
    return { data: rows.map(toSummary), meta: listMeta(total, query) };
  };

  const get = (auth: TAuthContext, id: string) =>
    withTenantRead(db, auth.companyId, (tx) => readTemplate(tx, auth.companyId, id));

  const create = async (auth: TAuthContext, actor: TAuditActor, input: TTemplateCreate) => {
    const content = contentFor(input.type, input, await findProblems(auth, input));
    return withTenant(db, auth.companyId, async (tx) => {
      if (input.familyId && !(await repository.findTemplate(tx, auth.companyId, input.familyId))) {
        throw new AppError('NOT_FOUND', templateMessages.familyNotFound);
      }
      const id = createId();
      await orConflict(tx, input, (savepoint) =>
        repository.insertTemplate(savepoint, {
          companyId: auth.companyId,
          id,
          familyId: input.familyId ?? id,
          type: input.type,
          purpose: input.purpose,
          name: input.name,
          language: input.language,
          updatedBy: auth.userId,
        }),
      );
      await addVersion(tx, auth, id, content);
      const after = await readTemplate(tx, auth.companyId, id);
      await auditTrails.template(tx, actor, 'create', id, { after });
      return after;
    });
  };

  /** A save: the text becomes a new version, and the current one. */
  const save = async (auth: TAuthContext, actor: TAuditActor, id: string, input: TTemplateContent) => {
    const problems = await findProblems(auth, input);
    return withTenant(db, auth.companyId, async (tx) => {
      const locked = await repository.lockTemplate(tx, auth.companyId, id);
      if (!locked) throw new AppError('NOT_FOUND', templateMessages.notFound);
      const content = contentFor(locked.type, input, problems);
      const before = await readTemplate(tx, auth.companyId, id);
      await addVersion(tx, auth, id, content);
      const after = await readTemplate(tx, auth.companyId, id);
      await auditTrails.template(tx, actor, 'update', id, { before, after });
      return after;
    });
  };

  /** A restore makes a copy of an old version the newest one; the history keeps everything between. */
  const restore = async (auth: TAuthContext, actor: TAuditActor, id: string, number: number) =>
    withTenant(db, auth.companyId, async (tx) => {
      const locked = await repository.lockTemplate(tx, auth.companyId, id);
      if (!locked) throw new AppError('NOT_FOUND', templateMessages.notFound);
      const old = await repository.findVersion(tx, auth.companyId, id, number);
      if (!old) throw new AppError('NOT_FOUND', templateMessages.versionNotFound);
      const before = await readTemplate(tx, auth.companyId, id);
      await addVersion(tx, auth, id, { subject: old.subject, body: old.body, page: old.page });
      const after = await readTemplate(tx, auth.companyId, id);
      await auditTrails.template(tx, actor, 'update', id, { before, after });
      return after;
    });

  const update = async (auth: TAuthContext, actor: TAuditActor, id: string, changes: TTemplateUpdate) =>
    withTenant(db, auth.companyId, async (tx) => {
      const before = await readTemplate(tx, auth.companyId, id);
      const identity = {
        type: before.type,
        name: changes.name ?? before.name,
        language: changes.language ?? before.language,
      };
      await orConflict(tx, identity, (savepoint) =>
        repository.updateTemplate(savepoint, auth.companyId, id, { ...changes, updatedBy: auth.userId }),
      );
      const after = await readTemplate(tx, auth.companyId, id);
      await auditTrails.template(tx, actor, 'update', id, { before, after });
      return after;
    });

  /**
   * A new template from another's current text: "Copy of …" in the same language, numbered when
   * that name is taken, with the text as its first version.
   */
  const duplicate = async (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const source = await readTemplate(tx, auth.companyId, id);
      const copyId = createId();
      const baseName = `Copy of ${source.name}`.slice(0, 110);
      let isInserted = false;
      for (let attempt = 1; attempt <= maxCopyAttempts && !isInserted; attempt += 1) {
        const name = attempt === 1 ? baseName : `${baseName} (${attempt})`;
        isInserted = await inSavepointOrConflict(
          tx,
          async (savepoint) => {
            await repository.insertTemplate(savepoint, {
              companyId: auth.companyId,
              id: copyId,
              familyId: copyId,
              type: source.type,
              purpose: source.purpose,
              name,
              language: source.language,
              updatedBy: auth.userId,
            });
            return true;
          },
          () =>
            new AppError(
              'CONFLICT',
              templateMessages.duplicate({ type: source.type, name, language: source.language }),
            ),
        ).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'CONFLICT' && attempt < maxCopyAttempts)
            return false;
          throw error;
        });
      }
      const current = source.current;
      await addVersion(tx, auth, copyId, {
        subject: current?.subject ?? null,
        body: current?.body ?? '',
        page: current?.page ?? null,
      });
      const after = await readTemplate(tx, auth.companyId, copyId);
      await auditTrails.template(tx, actor, 'create', copyId, { after });
      return after;
    });

  const remove = async (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const before = await readTemplate(tx, auth.companyId, id);
      // Locked first: a mail recording a use at this moment either committed before (and is
      // counted below) or waits and then finds the version gone (repository.findVersionIds).
      await repository.lockTemplate(tx, auth.companyId, id);
      if ((await repository.countTemplateUses(tx, auth.companyId, id)) > 0) {
        throw new AppError('CONFLICT', templateMessages.usedInMail);
      }
      await repository.deleteTemplate(tx, auth.companyId, id);
      await auditTrails.template(tx, actor, 'delete', id, { before });
      return { deleted: true as const };
    });

  const versions = (auth: TAuthContext, id: string, page: TPage) =>
    withTenantRead(db, auth.companyId, async (tx) => {
      await readTemplate(tx, auth.companyId, id);
      const rows = await repository.findVersions(tx, auth.companyId, id, page);
      const total = await repository.countVersions(tx, auth.companyId, id);
      return {
        data: rows.map((row) => ({
          _id: row.id,
          number: row.number,
          createdAt: row.createdAt.toISOString(),
          createdByEmail: row.createdByEmail,
        })),
        meta: listMeta(total, page),
      };
    });

  const version = (auth: TAuthContext, id: string, number: number) =>
    withTenantRead(db, auth.companyId, async (tx) => {
      await readTemplate(tx, auth.companyId, id);
      const row = await repository.findVersion(tx, auth.companyId, id, number);
      if (!row) throw new AppError('NOT_FOUND', templateMessages.versionNotFound);
      return toVersion(row);
    });

  /**
   * The editor's check of a draft: problems (with the part they are in), names its purpose lacks,
   * and the render with the sample data (template-worker.ts).
   */
  const check = (auth: TAuthContext, draft: TTemplateDraft): Promise<TTemplateCheck> =>
    templates.checkDraft(auth, draft, localeOf(auth, draft.language));

  /** Counts a render against the company's hourly PDFs before the browser is asked for it. */
  const consumePdfRender = async (auth: TAuthContext) => {
    const verdict = await pdfRendersPerCompany.consume(auth.companyId);
    if (!verdict.isAllowed) {
      throw new AppError('RATE_LIMITED', templateMessages.tooManyPdfs, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  };

  /** The editor's PDF of a document draft with the sample data: what printing it would give. */
  const previewPdf = async (auth: TAuthContext, draft: TTemplateDraft) => {
    if (draft.type !== 'document') throw fieldError('type', templateMessages.pdfNeedsDocument);
    assertParses(await templates.findProblems(auth, draft.body), 'body');
    const filled = await templates.fillParts(auth, {
      parts: [{ source: draft.body, format: 'html' }],
      data: templateSamples[draft.purpose],
      locale: localeOf(auth, draft.language),
    });
    if ('missing' in filled)
      throw new AppError(
        'VALIDATION_FAILED',
        `The template uses ${filled.missing.join(', ')}, which the sample data has no value for`,
        {
          missing: filled.missing,
        },
      );
    await consumePdfRender(auth);
    return pdf.render(filled.outputs[0] ?? '', draft.page ?? defaultTemplatePage, {
      companyId: auth.companyId,
    });
  };

  return {
    list,
    get,
    create,
    duplicate,
    save,
    restore,
    update,
    remove,
    versions,
    version,
    check,
    previewPdf,
    consumePdfRender,
  };
};
