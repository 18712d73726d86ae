import type { TFileMeta, TRenderedTemplate, TTemplateSummary } from '@cargodesk/shared';
import { Flex, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { formatLanguageName } from '@/lib/format/language-names.ts';
import { useMailTemplates, useRenderTemplate, useTemplateAttachment } from '../api/mail-templates.ts';

const optionsOf = (templates: TTemplateSummary[] | undefined) =>
  (templates ?? []).map((template) => ({
    value: template._id,
    label: `${template.name} (${formatLanguageName(template.language)})`,
  }));

/**
 * The composer's templates: an email template fills the subject and message for the first
 * recipient, a document template is printed for them and attached as a PDF. Each hands on the
 * version it used, which the sent mail keeps. Picked before there is a recipient, a template waits
 * and is filled in once the first address is written: the fields go in any order.
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
  // Templates picked before a recipient, each filled in once there is one.
  const [waitingEmail, setWaitingEmail] = useState<string>();
  const [waitingDocuments, setWaitingDocuments] = useState<string[]>([]);
  const request = (email: { email: string; name?: string }) => ({
    recipient: email,
    ...(language ? { language } : {}),
  });
  const fill = (id: string, to: { email: string; name?: string }) =>
    render.mutate({ id, request: request(to) }, { onSuccess: onFill });
  // Each print its own promise: several documents may wait, and mutate() calls back only the last.
  const print = (id: string, to: { email: string; name?: string }) =>
    attach.mutateAsync({ id, request: request(to) }).then(
      (attached) => onAttach(attached.file, attached.versionId),
      // The query client's toast says why.
      () => undefined,
    );

  const firstAddress = recipient?.email;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a recipient's arrival alone fills in what waits; the rest changes on every render.
  useEffect(() => {
    if (!recipient) return;
    if (waitingEmail) fill(waitingEmail, recipient);
    for (const id of waitingDocuments) void print(id, recipient);
    setWaitingEmail(undefined);
    setWaitingDocuments([]);
  }, [firstAddress]);

  const nameOf = (templates: TTemplateSummary[] | undefined, id: string) =>
    templates?.find((template) => template._id === id)?.name ?? 'The template';
  const waiting = [
    ...(waitingEmail ? [nameOf(emails.data?.data, waitingEmail)] : []),
    ...waitingDocuments.map((id) => nameOf(documents.data?.data, id)),
  ];

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
        value={waitingEmail ?? null}
        showSearch={{ optionFilterProp: 'label' }}
        loading={emails.isPending}
        style={{ flex: '1 1 240px', minWidth: 0 }}
        options={optionsOf(emails.data?.data)}
        notFoundContent={emails.isError ? toErrorMessage(emails.error) : 'No email templates'}
        suffixIcon={render.isPending ? <Spin size="small" /> : undefined}
        onChange={(id: string) => (recipient ? fill(id, recipient) : setWaitingEmail(id))}
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
        onChange={(id: string) =>
          recipient ? void print(id, recipient) : setWaitingDocuments((current) => [...current, id])
        }
      />
      <span role="status" className="compose-templates__status">
        {render.isPending
          ? 'Filling in the template…'
          : attach.isPending
            ? 'Printing the PDF…'
            : waiting.length > 0
              ? `${waiting.join(', ')}: filled in for the first recipient once you add one.`
              : ''}
      </span>
    </Flex>
  );
};
