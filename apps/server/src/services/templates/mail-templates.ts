import {
  defaultTemplatePage,
  type TRenderedTemplate,
  type TTemplateAttachment,
  type TTemplateContact,
  type TTemplateType,
  type TTemplateUseRequest,
} from '@cargodesk/shared';
import type { Db, Queryable } from '../../db/client.ts';
import type { TPdfRenderer } from '../../pdf/pdf-renderer.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { TTenantTemplates } from '../../templating/tenant-templates.ts';
import { findTemplateContact, noTemplateContact } from '../contacts/public.ts';
import { storeMadeFile, type TFilesServiceDependencies } from '../files/public.ts';
import { localeOf } from './render-locale.ts';
import * as repository from './repository.ts';
import { templateMessages } from './service.ts';

// Templates used in the composer: an email template fills a mail's subject and body, a document
// template is printed to PDF and stored to attach. Both are filled with what a mail knows (the
// company, the sender, the recipient and their contact, today) in the language the reader reads, and the versions used
// are kept with the mail, so a template whose text went out is archived rather than deleted.

export type TMailTemplatesDependencies = {
  db: Db;
  /** Renders on the tenant work pool. */
  templates: TTenantTemplates;
  pdf: TPdfRenderer;
  /** Counts a PDF against the company's hourly renders, refusing past the limit. */
  consumePdfRender: (auth: TAuthContext) => Promise<void>;
  drive: TFilesServiceDependencies;
};

/** Today in the company's time zone, as templates receive dates: 2026-11-23. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

/**
 * What a mail knows to fill a template with: the recipient's contact names them and their company
 * when the writer did not; a recipient known by neither is greeted by address.
 */
const mailData = (
  auth: TAuthContext,
  { recipient }: TTemplateUseRequest,
  contact: TTemplateContact | null,
  timeZone: string,
) => {
  const senderName = `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.user.email;
  const contactCompany = contact ? contact.organisation || contact.name : '';
  return {
    company: {
      name: auth.company.name,
      // Replies to a composer mail come to its sender.
      email: auth.user.email,
      phone: auth.company.phone ?? '',
      address: auth.company.address ?? '',
    },
    user: { name: senderName, email: auth.user.email },
    recipient: {
      name: recipient.name || contact?.name || recipient.email,
      email: recipient.email,
      company: contactCompany,
    },
    contact: contact ?? noTemplateContact,
    today: todayIn(timeZone),
  };
};

export const createMailTemplates = ({
  db,
  templates,
  pdf,
  consumePdfRender,
  drive,
}: TMailTemplatesDependencies) => {
  /**
   * The template's language for the reader: the one asked for, else the company's, else the one
   * chosen; only active languages of the same template count.
   */
  const chooseLanguage = async (tx: Queryable, auth: TAuthContext, id: string, language?: string) => {
    const chosen = await repository.findTemplate(tx, auth.companyId, id);
    if (!chosen) throw new AppError('NOT_FOUND', templateMessages.notFound);
    const family = await repository.findFamilyMembers(tx, auth.companyId, chosen.template.familyId);
    const inLanguage = (tag: string | null | undefined) =>
      tag ? family.find((member) => member.template.language === tag) : undefined;
    return inLanguage(language) ?? inLanguage(auth.company.preferedLanguage) ?? chosen;
  };

  /** The chosen template, filled for the mail; refused when it needs what a mail does not know. */
  const fill = async (auth: TAuthContext, id: string, request: TTemplateUseRequest, type: TTemplateType) => {
    const { picked, contact } = await withTenantRead(db, auth.companyId, async (tx) => ({
      picked: await chooseLanguage(tx, auth, id, request.language),
      contact: await findTemplateContact(tx, auth, request.recipient.email),
    }));
    const { template, version } = picked;
    if (template.type !== type) throw new AppError('VALIDATION_FAILED', templateMessages.notOfType(type));
    if (!version) throw new AppError('NOT_FOUND', templateMessages.versionNotFound);
    const locale = localeOf(auth, template.language);
    const data = mailData(auth, request, contact, locale.timeZone);
    const filled = await templates.fillParts(auth, {
      parts: [
        { source: version.body, format: 'html' },
        ...(version.subject ? [{ source: version.subject, format: 'text' as const }] : []),
      ],
      data,
      locale,
    });
    if ('missing' in filled)
      throw new AppError('VALIDATION_FAILED', templateMessages.missingData(filled.missing), {
        missing: filled.missing,
      });
    const [body = '', subject = ''] = filled.outputs;
    return { template, version, body, subject };
  };

  const used = (template: repository.TTemplateRow, version: repository.TTemplateVersionRow) => ({
    templateId: template.id,
    versionId: version.id,
    name: template.name,
    language: template.language,
  });

  /** An email template's subject and body for a mail to the recipient. */
  const render = async (
    auth: TAuthContext,
    id: string,
    request: TTemplateUseRequest,
  ): Promise<TRenderedTemplate> => {
    const { template, version, body, subject } = await fill(auth, id, request, 'email');
    return { ...used(template, version), subject, body };
  };

  /** A document template printed for the recipient and stored as the company's file, to attach. */
  const attachment = async (
    auth: TAuthContext,
    actor: TAuditActor,
    id: string,
    request: TTemplateUseRequest,
  ): Promise<TTemplateAttachment> => {
    const { template, version, body } = await fill(auth, id, request, 'document');
    await consumePdfRender(auth);
    const bytes = await pdf.render(body, version.page ?? defaultTemplatePage, {
      companyId: auth.companyId,
    });
    const file = await storeMadeFile(drive, auth, actor, { fileName: `${template.name}.pdf`, bytes });
    await withTenant(db, auth.companyId, (tx) =>
      auditTrails.template(tx, actor, 'print', template.id, {
        after: {
          version: version.number,
          language: template.language,
          fileId: file._id,
          recipient: request.recipient.email,
        },
      }),
    );
    return { ...used(template, version), file };
  };

  /** Keeps the versions a queued mail was written from; an id not of the company refuses the mail. */
  const recordUses = async (
    tx: Queryable,
    event: { companyId: string; mailId: string; templateVersionIds: string[] },
  ) => {
    const known = await repository.findVersionIds(tx, event.companyId, event.templateVersionIds);
    if (event.templateVersionIds.some((versionId) => !known.has(versionId))) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Invalid body: templateVersionIds ${templateMessages.unknownVersions}`,
        {
          fields: [{ field: 'templateVersionIds', message: templateMessages.unknownVersions }],
        },
      );
    }
    await repository.insertUses(
      tx,
      event.templateVersionIds.map((versionId) => ({
        companyId: event.companyId,
        versionId,
        mailId: event.mailId,
      })),
    );
  };

  return { render, attachment, recordUses };
};
