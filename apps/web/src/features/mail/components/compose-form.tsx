import { PaperClipOutlined } from '@ant-design/icons';
import type { TFileMeta } from '@cargodesk/shared';
import { formatBytes, mailMessages, mailRules, messages, ZSendMailRequest } from '@cargodesk/shared';
import { Button, Flex, Form, Input, Select, Tag, Typography, Upload, type UploadFile } from 'antd';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { openFileInNewTab } from '@/lib/file-url.ts';
import { formatLanguageName } from '@/lib/format/language-names.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifyError, notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { uploadFile } from '@/lib/upload-file.ts';
import { fetchFileMeta, useRecipientSuggestions, useSendMail } from '../api/mail.ts';
import { ExistingFilePicker } from './existing-file-picker.tsx';
import { isMailAddress, namesIn, normaliseAddresses } from './recipient-addresses.ts';
import { RichTextInput } from './rich-text-input.tsx';
import { TemplatePickers } from './template-pickers.tsx';
import './compose-form.css';

type TComposeValues = { to: string[]; cc?: string[]; bcc?: string[]; subject: string; html?: string };

// The server's own checks of POST /send; the texts people know stay (e2e/mail.spec.ts reads one).
const mailFields = ZSendMailRequest.shape;
const addressMessages = {
  invalid_format: (address: unknown) => `"${String(address)}" is not an email address.`,
};
const recipientFieldRules = {
  to: zodRule(mailFields.to, { requiredMessage: 'Add at least one recipient.', messages: addressMessages }),
  cc: zodRule(mailFields.cc, { messages: addressMessages }),
  bcc: zodRule(mailFields.bcc, { messages: addressMessages }),
};
const subjectRule = zodRule(mailFields.subject, {
  label: 'The subject',
  requiredMessage: 'Write a subject.',
});

/** A recipients field: free addresses, with the company's users and contacts suggested as one types. */
const RecipientSelect = ({
  id,
  value,
  onChange,
  label,
  onNames,
}: {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  label: string;
  /** Hears the names written or chosen beside addresses ("Dana Smith <dana@client.test>"). */
  onNames?: (names: Map<string, string>) => void;
}) => {
  const [search, setSearch] = useState('');
  const { data: suggestions = [] } = useRecipientSuggestions(search);
  return (
    <Select
      id={id}
      mode="tags"
      aria-label={label}
      value={value}
      onChange={(next: string[]) => {
        const known = suggestions.flatMap((recipient) =>
          recipient.name && next.includes(recipient.email)
            ? [[recipient.email, recipient.name] as const]
            : [],
        );
        onNames?.(new Map([...known, ...namesIn(next)]));
        onChange?.(normaliseAddresses(next));
      }}
      onSearch={setSearch}
      // Not spaces: "Dana Smith <dana@client.test>" is one entry (recipient-addresses.ts).
      tokenSeparators={[',', ';', '\n']}
      tagRender={({ value: address, label: shown, closable, onClose }) => {
        const isValid = isMailAddress(String(address));
        return (
          <Tag
            closable={closable}
            onClose={onClose}
            color={isValid ? undefined : 'error'}
            style={{ marginInlineEnd: 4 }}
          >
            {shown}
            {!isValid && <span className="visually-hidden"> (not an email address)</span>}
          </Tag>
        );
      }}
      // A field to write in, not a list to open: no arrow, and a placeholder that says to type.
      suffixIcon={null}
      placeholder="Type an address, or a name to search your contacts"
      options={suggestions.map((recipient) => ({
        value: recipient.email,
        label: recipient.name ? `${recipient.name} <${recipient.email}>` : recipient.email,
        source: recipient.source,
      }))}
      // The list says which suggestions are contacts; the chip keeps to the name and address.
      optionRender={(option) => (
        <span>
          {option.label}
          {option.data.source === 'contact' && <span className="compose-form__source"> · contact</span>}
        </span>
      )}
      notFoundContent={null}
      open={search ? undefined : false}
    />
  );
};

/** Whether the body holds any text or picture, not just the editor's empty paragraphs. */
const hasBodyContent = (html: string | undefined) =>
  Boolean(html && (/<img\b/i.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== ''));

const isDraftWritten = (values: Partial<TComposeValues> | undefined, attachments: readonly unknown[]) =>
  attachments.length > 0 ||
  Boolean(values?.to?.length || values?.cc?.length || values?.bcc?.length || values?.subject?.trim()) ||
  hasBodyContent(values?.html);

/**
 * The composer: recipients, subject, a formatted body and attachments, sent through the outbox.
 * `onDraftChange` hears whether anything is written, so that closing asks before throwing it away.
 */
export const ComposeForm = ({
  onSent,
  onDraftChange,
  draftCheck,
  draft,
}: {
  onSent: () => void;
  /** Recipients and stored files to start with (a shipment's issued document, its parties). */
  draft?: { to: string[]; fileIds: string[] } | undefined;
  onDraftChange?: (hasDraft: boolean) => void;
  /**
   * Set to a function that tells from the form's values at that instant whether anything is
   * written: a close right after a keystroke must not act on the watched values, which lag it.
   */
  draftCheck?: RefObject<(() => boolean) | null>;
}) => {
  const [form] = Form.useForm<TComposeValues>();
  const [attachments, setAttachments] = useState<UploadFile<TFileMeta>[]>([]);
  const values = Form.useWatch([], form) as Partial<TComposeValues> | undefined;
  const canUseTemplates = useCan('templates:read');
  const [recipientNames, setRecipientNames] = useState(new Map<string, string>());
  // The template versions the mail is written from: its text's, and each printed attachment's.
  const [textVersionId, setTextVersionId] = useState<string>();
  const [attachmentVersionIds, setAttachmentVersionIds] = useState(new Map<string, string>());
  const firstRecipient = values?.to?.find(isMailAddress);
  const hasDraft = isDraftWritten(values, attachments);
  useEffect(() => onDraftChange?.(hasDraft), [hasDraft, onDraftChange]);
  useEffect(() => {
    if (!draftCheck) return;
    draftCheck.current = () => isDraftWritten(form.getFieldsValue(true), attachments);
    return () => {
      draftCheck.current = null;
    };
  }, [draftCheck, form, attachments]);
  const send = useSendMail();
  const attachedBytes = useMemo(
    () => attachments.reduce((sum, file) => sum + (file.size ?? 0), 0),
    [attachments],
  );
  const isUploading = attachments.some((file) => file.status === 'uploading');
  const canPickExisting = useCan('files:read');

  // A draft's recipients are set, and its files join by reference as a file picked from the existing ones does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft is read once, as the composer opens.
  useEffect(() => {
    // Set, not initial values: a reset after sending clears them as it clears what was typed.
    if (draft?.to.length) form.setFieldsValue({ to: draft.to });
    for (const fileId of draft?.fileIds ?? []) {
      fetchFileMeta(fileId)
        .then((file) =>
          setAttachments((current) =>
            current.some((attached) => attached.response?._id === file._id)
              ? current
              : [
                  ...current,
                  {
                    uid: `existing-${file._id}`,
                    name: file.name,
                    size: file.size,
                    status: 'done',
                    response: file,
                  },
                ],
          ),
        )
        .catch(notifyFailure);
    }
  }, []);

  /** Refuses (with a toast) an attachment that would pass the count or the size limit. */
  const fitsLimits = (size: number) => {
    if (attachments.length >= mailRules.maxAttachments) {
      notifyError(`A mail may carry at most ${mailRules.maxAttachments} attachments.`);
      return false;
    }
    if (attachedBytes + size > mailRules.maxAttachmentBytes) {
      notifyError(`Attachments may total at most ${formatBytes(mailRules.maxAttachmentBytes)}.`);
      return false;
    }
    return true;
  };

  /** A file uploaded before joins the list as if just uploaded; the server reads it by its id. */
  const attachExisting = (file: TFileMeta) => {
    const isAttached = attachments.some(
      (attached) => attached.response?._id === file._id || attached.response?.sha256 === file.sha256,
    );
    if (isAttached || !fitsLimits(file.size)) return;
    setAttachments((current) => [
      ...current,
      { uid: `existing-${file._id}`, name: file.name, size: file.size, status: 'done', response: file },
    ]);
  };

  // The limit counts to, cc and bcc together, as the server's service does: no one field's schema sees it.
  const recipientRules = (field: 'to' | 'cc' | 'bcc') => [
    recipientFieldRules[field],
    {
      validator: async () => {
        const total = (['to', 'cc', 'bcc'] as const).reduce(
          (sum, name) => sum + ((form.getFieldValue(name) as string[] | undefined)?.length ?? 0),
          0,
        );
        if (total > mailRules.maxRecipients) throw new Error(mailMessages.tooManyRecipients);
      },
    },
  ];

  const onFinish = (values: TComposeValues) =>
    send.mutate(
      {
        to: values.to,
        cc: values.cc ?? [],
        bcc: values.bcc ?? [],
        subject: values.subject.trim(),
        html: values.html ?? '',
        attachmentFileIds: attachments.flatMap((file) => (file.response ? [file.response._id] : [])),
        templateVersionIds: [
          ...(textVersionId ? [textVersionId] : []),
          ...attachments.flatMap((file) => {
            const versionId = file.response && attachmentVersionIds.get(file.response._id);
            return versionId ? [versionId] : [];
          }),
        ],
      },
      {
        onSuccess: () => {
          notifySuccess('Your mail is on its way.');
          form.resetFields();
          setAttachments([]);
          setTextVersionId(undefined);
          setAttachmentVersionIds(new Map());
          onSent();
        },
        // docs/product.md §8: the expired-plan refusal shows the spec's toast, as any other refusal shows its reason.
        onError: (error) =>
          notifyError(
            error instanceof ApiError && error.status === 403
              ? error.message || messages.subscriptionExpired
              : error.message,
          ),
      },
    );

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Form.Item name="to" label="To" rules={recipientRules('to')}>
        <RecipientSelect
          label="To"
          onNames={(names) => setRecipientNames((current) => new Map([...current, ...names]))}
        />
      </Form.Item>
      <Form.Item name="cc" label="Cc" rules={recipientRules('cc')}>
        <RecipientSelect label="Cc" />
      </Form.Item>
      <Form.Item name="bcc" label="Bcc" rules={recipientRules('bcc')}>
        <RecipientSelect label="Bcc" />
      </Form.Item>
      {canUseTemplates && (
        <TemplatePickers
          recipient={
            firstRecipient
              ? {
                  email: firstRecipient,
                  ...(recipientNames.get(firstRecipient) ? { name: recipientNames.get(firstRecipient) } : {}),
                }
              : undefined
          }
          onFill={(rendered) => {
            form.setFieldsValue({ subject: rendered.subject, html: rendered.body });
            setTextVersionId(rendered.versionId);
            notifySuccess(`Filled in from ${rendered.name} (${formatLanguageName(rendered.language)})`);
          }}
          onAttach={(file, versionId) => {
            attachExisting(file);
            setAttachmentVersionIds((current) => new Map(current).set(file._id, versionId));
          }}
        />
      )}
      <Form.Item name="subject" label="Subject" rules={[subjectRule]}>
        <Input maxLength={mailFields.subject.maxLength ?? undefined} />
      </Form.Item>
      <Form.Item name="html" label="Message">
        <RichTextInput label="Message" />
      </Form.Item>
      <Form.Item
        label="Attachments"
        extra={`Up to ${mailRules.maxAttachments} files, ${formatBytes(mailRules.maxAttachmentBytes)} in all${
          attachedBytes > 0 ? ` (${formatBytes(attachedBytes)} attached)` : ''
        }.`}
      >
        <Flex gap={8} wrap align="start">
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Upload<TFileMeta>
              multiple
              fileList={attachments}
              onChange={({ fileList }) => setAttachments(fileList.filter((file) => file.status !== 'error'))}
              beforeUpload={(file) => (fitsLimits(file.size) ? true : Upload.LIST_IGNORE)}
              // Each file with its size and a Remove button in plain sight, not on hover only.
              itemRender={(_, file, __, { remove }) => (
                <Flex className="compose-attachment" align="center" gap={8}>
                  <PaperClipOutlined aria-hidden />
                  <Typography.Text ellipsis={{ tooltip: file.name }} style={{ flex: 1, minWidth: 0 }}>
                    {file.name}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {file.status === 'uploading' ? 'Uploading…' : formatBytes(file.size ?? 0)}
                  </Typography.Text>
                  {file.response && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => file.response && openFileInNewTab(file.response._id)}
                      aria-label={`Open ${file.name}`}
                    >
                      Open
                    </Button>
                  )}
                  <Button type="link" size="small" onClick={remove} aria-label={`Remove ${file.name}`}>
                    Remove
                  </Button>
                </Flex>
              )}
              customRequest={({ file, onSuccess, onError }) => {
                uploadFile(file as File, 'attachment').then(
                  (meta) => onSuccess?.(meta),
                  (error: Error) => {
                    notifyError(error.message);
                    onError?.(error);
                  },
                );
              }}
            >
              <Button icon={<PaperClipOutlined />}>Attach files</Button>
            </Upload>
          </div>
          {canPickExisting && (
            <ExistingFilePicker
              attached={attachments.flatMap((file) => (file.response ? [file.response] : []))}
              onPick={attachExisting}
            />
          )}
        </Flex>
      </Form.Item>
      {/* Stays in sight at the bottom of the window while the form is taller than it. */}
      <div className="compose-send-bar">
        <Button type="primary" htmlType="submit" loading={send.isPending} disabled={isUploading}>
          Send
        </Button>
      </div>
    </Form>
  );
};
