import { ArrowLeftOutlined, FilePdfOutlined, HistoryOutlined, SaveOutlined } from '@ant-design/icons';
import {
  defaultTemplatePage,
  type TTemplate,
  type TTemplateContent,
  type TTemplateDraft,
  type TTemplatePageSetup,
  type TTemplateType,
  templatePurposeLabels,
} from '@cargodesk/shared';
import { Button, Card, Form, Input, InputNumber, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ReadOnlyNotice } from '@/components/read-only-notice.tsx';
import { RecordPlaceholder } from '@/components/record-placeholder.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { UnsavedChangesGuard, UnsavedMark } from '@/components/unsaved-changes.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { downloadBlob } from '@/lib/download-blob.ts';
import { useDebounced } from '@/lib/list/use-debounced.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { usePreviewPdf, useTemplate, useTemplateCheck } from '../api/templates.ts';
import { TemplateDrawer } from '../components/template-drawer.tsx';
import type { THtmlSourceEditorHandle } from '../editor/html-source-editor.tsx';
import { SaveTemplateModal } from '../editor/save-template-modal.tsx';
import { TemplatePreview } from '../editor/template-preview.tsx';
import { VariablePicker } from '../editor/variable-picker.tsx';
import { templateLanguageLabel } from '../template-languages.ts';
import './template-editor.css';

// Each type loads only its own editor: the rich-text one for emails, the source one for documents.
const EmailBodyEditor = lazy(async () => ({
  default: (await import('../editor/email-body-editor.tsx')).EmailBodyEditor,
}));
const HtmlSourceEditor = lazy(async () => ({
  default: (await import('../editor/html-source-editor.tsx')).HtmlSourceEditor,
}));

const EditorLoading = () => <Skeleton active paragraph={{ rows: 8 }} />;

/** How long typing pauses before the preview is checked again. */
const checkDelayMs = 400;

const BackToTemplates = () => (
  <Link to={paths.settingsTemplates.href()}>
    <ArrowLeftOutlined /> All templates
  </Link>
);

/** The content a version of `template` holds, as the editor starts from it. */
const contentOf = (template: TTemplate): TTemplateContent => ({
  body: template.current?.body ?? '',
  ...(template.type === 'email'
    ? { subject: template.current?.subject ?? '' }
    : { page: template.current?.page ?? defaultTemplatePage }),
});

/** The draft the server checks: a subject only once one is written, as an empty one is refused. */
const draftOf = (template: TTemplate, content: TTemplateContent): TTemplateDraft => ({
  type: template.type,
  purpose: template.purpose,
  language: template.language,
  body: content.body,
  ...(content.subject?.trim() ? { subject: content.subject } : {}),
  ...(content.page ? { page: content.page } : {}),
});

const marginSides = [
  ['top', 'Top'],
  ['right', 'Right'],
  ['bottom', 'Bottom'],
  ['left', 'Left'],
] as const;

/** A document's paper size and margins, in millimetres. */
const PageSetup = ({
  page,
  onChange,
  isReadOnly,
}: {
  page: TTemplatePageSetup;
  onChange: (page: TTemplatePageSetup) => void;
  isReadOnly: boolean;
}) => (
  <fieldset className="template-page-setup">
    <legend>Page</legend>
    <Form.Item label="Size" htmlFor="template-page-size">
      <Select
        id="template-page-size"
        value={page.size}
        disabled={isReadOnly}
        style={{ width: 110 }}
        onChange={(size) => onChange({ ...page, size })}
        options={[
          { value: 'A4', label: 'A4' },
          { value: 'Letter', label: 'Letter' },
        ]}
      />
    </Form.Item>
    {marginSides.map(([side, label]) => (
      <Form.Item key={side} label={`${label} margin (mm)`} htmlFor={`template-margin-${side}`}>
        <InputNumber
          id={`template-margin-${side}`}
          min={0}
          max={50}
          value={page.marginsMm[side]}
          disabled={isReadOnly}
          style={{ width: 90 }}
          onChange={(value) => onChange({ ...page, marginsMm: { ...page.marginsMm, [side]: value ?? 0 } })}
        />
      </Form.Item>
    ))}
  </fieldset>
);

const TemplateEditor = ({ template }: { template: TTemplate }) => {
  const canWrite = useCan('templates:write');
  const isReadOnly = !canWrite;
  const navigate = useNavigate();
  const [content, setContent] = useState(() => contentOf(template));
  const [saved, setSaved] = useState(() => JSON.stringify(contentOf(template)));
  // A new key opens the editors afresh on another text (a restored version); a save keeps them.
  const [editorKey, setEditorKey] = useState(0);
  const [isSaving, setIsSaving] = useState(false);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string>();
  const source = useRef<THtmlSourceEditorHandle>(null);
  const isChanged = JSON.stringify(content) !== saved;
  const isEmail = template.type === 'email';

  const checked = useTemplateCheck(useDebounced(draftOf(template, content), checkDelayMs));
  const previewPdf = usePreviewPdf();
  const downloadPdf = () =>
    previewPdf.mutate(draftOf(template, content), {
      // A failure is toasted by the query client, as every failed change is.
      onSuccess: (pdf) => downloadBlob(`${template.name} (sample).pdf`, pdf),
    });

  // Leaves for the new template once the guard knows nothing is unsaved any more.
  useEffect(() => {
    if (leaveTo && !isChanged) navigate(leaveTo);
  }, [leaveTo, isChanged, navigate]);

  // Ctrl/⌘-S saves, as in any editor, instead of saving the web page.
  useEffect(() => {
    if (isReadOnly) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 's' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        setIsSaving(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isReadOnly]);

  // The email editor writes the body in its own form once opened; that form is the saved text.
  const adoptOpenedBody = (body: string) => {
    setContent((current) => ({ ...current, body }));
    setSaved((current) => JSON.stringify({ ...(JSON.parse(current) as TTemplateContent), body }));
  };

  const showRestored = (restored: TTemplate) => {
    const restoredContent = contentOf(restored);
    setContent(restoredContent);
    setSaved(JSON.stringify(restoredContent));
    setEditorKey((key) => key + 1);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <BackToTemplates />
      <UnsavedChangesGuard isChanged={isChanged} />
      <Card>
        <div className="template-editor__header">
          <div>
            <Typography.Title level={2} style={{ margin: 0 }}>
              {template.name}
            </Typography.Title>
            <Space size={4} wrap>
              <Tag color={isEmail ? 'blue' : 'purple'}>{isEmail ? 'Email' : 'Document'}</Tag>
              <Tag>{templatePurposeLabels[template.purpose]}</Tag>
              <Tag>{templateLanguageLabel(template.language)}</Tag>
              {template.status === 'archived' && <Tag>Archived</Tag>}
              <Typography.Text type="secondary">Version {template.versionNumber ?? 0}</Typography.Text>
            </Space>
          </div>
          <Space wrap>
            <UnsavedMark isChanged={isChanged} />
            {!isEmail && (
              <Button icon={<FilePdfOutlined />} loading={previewPdf.isPending} onClick={downloadPdf}>
                PDF with sample data
              </Button>
            )}
            <Button icon={<HistoryOutlined />} onClick={() => setIsHistoryOpen(true)}>
              Versions
            </Button>
            {canWrite && (
              <Button
                type="primary"
                icon={<SaveOutlined />}
                aria-keyshortcuts="Control+S Meta+S"
                onClick={() => setIsSaving(true)}
              >
                Save…
              </Button>
            )}
          </Space>
        </div>
        {isReadOnly && <ReadOnlyNotice what="the company's templates" permission="templates:write" />}
      </Card>
      <div className="template-editor">
        <Card className="template-editor__text" title={isEmail ? 'Email' : 'Document'}>
          <Form layout="vertical" component="div">
            {isEmail ? (
              <>
                <Form.Item label="Subject" htmlFor="template-subject">
                  <Input
                    id="template-subject"
                    value={content.subject}
                    readOnly={isReadOnly}
                    maxLength={200}
                    onChange={(event) =>
                      setContent((current) => ({ ...current, subject: event.target.value }))
                    }
                  />
                </Form.Item>
                <div className="template-editor__label">Body</div>
                <Suspense fallback={<EditorLoading />}>
                  <EmailBodyEditor
                    key={editorKey}
                    initialBody={content.body}
                    purpose={template.purpose}
                    isReadOnly={isReadOnly}
                    onChange={(body) => setContent((current) => ({ ...current, body }))}
                    onOpened={adoptOpenedBody}
                  />
                </Suspense>
              </>
            ) : (
              <>
                <PageSetup
                  page={content.page ?? defaultTemplatePage}
                  isReadOnly={isReadOnly}
                  onChange={(page) => setContent((current) => ({ ...current, page }))}
                />
                <div className="template-editor__source-toolbar">
                  <span className="template-editor__label">HTML and CSS</span>
                  {!isReadOnly && (
                    <VariablePicker
                      purpose={template.purpose}
                      onInsert={(variable) => source.current?.insert(`{{ ${variable.expression} }}`)}
                    />
                  )}
                </div>
                <Suspense fallback={<EditorLoading />}>
                  <HtmlSourceEditor
                    key={editorKey}
                    ref={source}
                    label="HTML and CSS"
                    initialSource={content.body}
                    isReadOnly={isReadOnly}
                    onChange={(body) => setContent((current) => ({ ...current, body }))}
                  />
                </Suspense>
              </>
            )}
          </Form>
        </Card>
        <Card className="template-editor__preview">
          <TemplatePreview
            check={checked.data}
            isChecking={checked.isFetching}
            error={checked.error}
            page={isEmail ? undefined : content.page}
            isEmail={isEmail}
            onGoToProblem={isEmail ? undefined : (line, column) => source.current?.goTo(line, column)}
          />
        </Card>
      </div>
      <SaveTemplateModal
        isOpen={isSaving}
        template={template}
        content={content}
        onClose={() => setIsSaving(false)}
        onSaved={(savedTemplate, mode) => {
          setIsSaving(false);
          setSaved(JSON.stringify(content));
          if (mode === 'version') {
            notifySuccess(`Saved as version ${savedTemplate.current?.number ?? ''}`);
            return;
          }
          notifySuccess(`${savedTemplate.name} created`);
          setLeaveTo(paths.settingsTemplateUpdate.href({ id: savedTemplate._id, type: savedTemplate.type }));
        }}
      />
      <TemplateDrawer
        templateId={isHistoryOpen ? template._id : undefined}
        canWrite={canWrite}
        onClose={() => setIsHistoryOpen(false)}
        onRestored={showRestored}
      />
    </Space>
  );
};

const TemplateEditorScreen = ({ id, type }: { id: string; type: string }) => {
  const template = useTemplate(id);
  if (template.isPending || template.isError)
    return (
      <RecordPlaceholder
        error={template.error}
        noun="template"
        missingText="This template does not exist in your company, or was deleted."
        missingStatuses={[400, 404]}
        back={<BackToTemplates />}
      />
    );
  // An address with the other type still opens the template, under its own.
  if (template.data.type !== (type as TTemplateType)) {
    return <Navigate replace to={paths.settingsTemplateUpdate.href({ id, type: template.data.type })} />;
  }
  return <TemplateEditor template={template.data} />;
};

/** /settings/templates/{id}/{type}: a template's text with a live preview, saved as a new version. */
export const TemplateEditorRoute = () => {
  const { id = '', type = '' } = useParams();
  return (
    <RequirePermission permission="templates:read" title="Template" what="the templates of your company">
      <TemplateEditorScreen key={id} id={id} type={type} />
    </RequirePermission>
  );
};
