import type { TFileMeta, TRenderedTemplate, TTemplateSummary } from '@cargodesk/shared';
import { Flex, Select, Spin } from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { formatLanguageName } from '@/lib/format/language-names.ts';
import { notifyError } from '@/lib/notify.ts';
import { useMailTemplates, useRenderTemplate, useTemplateAttachment } from '../api/mail-templates.ts';

const optionsOf = (templates: TTemplateSummary[] | undefined) =>
  (templates ?? []).map((template) => ({
    value: template._id,
    label: `${template.name} (${formatLanguageName(template.language)})`,
  }));

/**
 * The composer's templates: an email template fills the subject and message for the first
 * recipient, a document template is printed for them and attached as a PDF. Each hands on the
 * version it used, which the sent mail keeps.
 */
export const TemplatePickers = ({
  recipient,
  onFill,
  onAttach,
}: {
  /** The first To address, with the name written beside it, if any. */
  recipient: { email: string; name?: string } | undefined;
  onFill: (rendered: TRenderedTemplate) => void;
  onAttach: (file: TFileMeta, versionId: string) => void;
}) => {
  const emails = useMailTemplates('email', true);
  const documents = useMailTemplates('document', true);
  const render = useRenderTemplate();
  const attach = useTemplateAttachment();
  // Which language of a template: the company's unless the writer knows the reader's.
  const [language, setLanguage] = useState<string>();
  const languages = [
    ...new Set(
      [...(emails.data?.data ?? []), ...(documents.data?.data ?? [])].map((template) => template.language),
    ),
  ].sort();
  const request = (email: { email: string; name?: string }) => ({
    recipient: email,
    ...(language ? { language } : {}),
  });
  const needsRecipient = () => {
    if (recipient) return false;
    notifyError('Add a recipient first: the template is filled in for them.');
    return true;
  };

  return (
    <Flex gap={8} wrap className="compose-templates">
      <Select
        aria-label="Template language"
        value={language ?? ''}
        style={{ flex: '0 1 200px', minWidth: 0 }}
        onChange={(value: string) => setLanguage(value || undefined)}
        options={[
          { value: '', label: 'Company’s language' },
          ...languages.map((tag) => ({ value: tag, label: formatLanguageName(tag) })),
        ]}
      />
      <Select
        aria-label="Fill from an email template"
        placeholder="Fill from an email template…"
        value={null}
        showSearch={{ optionFilterProp: 'label' }}
        loading={emails.isPending}
        style={{ flex: '1 1 240px', minWidth: 0 }}
        options={optionsOf(emails.data?.data)}
        notFoundContent={emails.isError ? toErrorMessage(emails.error) : 'No email templates'}
        suffixIcon={render.isPending ? <Spin size="small" /> : undefined}
        onChange={(id: string) => {
          if (needsRecipient() || !recipient) return;
          render.mutate({ id, request: request(recipient) }, { onSuccess: onFill });
        }}
      />
      <Select
        aria-label="Attach a document as PDF"
        placeholder="Attach a document as PDF…"
        value={null}
        showSearch={{ optionFilterProp: 'label' }}
        loading={documents.isPending}
        style={{ flex: '1 1 240px', minWidth: 0 }}
        options={optionsOf(documents.data?.data)}
        notFoundContent={documents.isError ? toErrorMessage(documents.error) : 'No document templates'}
        suffixIcon={attach.isPending ? <Spin size="small" /> : undefined}
        onChange={(id: string) => {
          if (needsRecipient() || !recipient) return;
          attach.mutate(
            { id, request: request(recipient) },
            { onSuccess: (attached) => onAttach(attached.file, attached.versionId) },
          );
        }}
      />
      {(render.isPending || attach.isPending) && (
        <span role="status" className="compose-templates__status">
          {render.isPending ? 'Filling in the template…' : 'Printing the PDF…'}
        </span>
      )}
    </Flex>
  );
};
