import { PlusOutlined } from '@ant-design/icons';
import {
  type TTemplateListQuery,
  type TTemplatePurpose,
  type TTemplateSummary,
  type TTemplateType,
  templatePurposeLabels,
  templateTypes,
} from '@cargodesk/shared';
import { Button, Space, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClippedText } from '@/components/clipped-text.tsx';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button.tsx';
import { ListFilterSelects, labelledOptions, type TListFilter } from '@/components/list-filter-select.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { ReadOnlyNotice } from '@/components/read-only-notice.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { anyText, oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  getTemplates,
  useDeleteTemplate,
  useDuplicateTemplate,
  useTemplates,
  useUpdateTemplate,
} from '../api/templates.ts';
import { NewTemplateModal } from '../components/new-template-modal.tsx';
import { TemplateDrawer } from '../components/template-drawer.tsx';
import { templateLanguageLabel, templateLanguageOptions } from '../template-languages.ts';

type TTemplateFilters = {
  type: TTemplateType;
  purpose: TTemplatePurpose;
  language: string;
  status: 'active' | 'archived';
};
type TSortField = 'name' | 'updatedAt' | 'purpose' | 'language';

const purposes = Object.keys(templatePurposeLabels) as TTemplatePurpose[];
const typeLabels: Record<TTemplateType, string> = { email: 'Email', document: 'Document' };
const purposeOptions = labelledOptions(purposes, templatePurposeLabels);
const statusOptions = labelledOptions(['active', 'archived'], { active: 'Active', archived: 'Archived' });

/** Its versions for everyone; duplicate, archive or bring back, and delete for who may write. */
const filters: TListFilter<TTemplateFilters>[] = [
  {
    name: 'type',
    by: 'type',
    placeholder: 'All types',
    width: 140,
    options: labelledOptions(templateTypes, typeLabels),
  },
  { name: 'purpose', by: 'purpose', placeholder: 'All purposes', width: 210, options: purposeOptions },
  {
    name: 'language',
    by: 'language',
    placeholder: 'All languages',
    width: 150,
    options: templateLanguageOptions,
  },
  { name: 'status', by: 'status', placeholder: 'Active and archived', width: 190, options: statusOptions },
];

const TemplateRowActions = ({
  template,
  canWrite,
  onShowVersions,
}: {
  template: TTemplateSummary;
  canWrite: boolean;
  onShowVersions: () => void;
}) => {
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const duplicate = useDuplicateTemplate();
  const isArchived = template.status === 'archived';
  const versionsButton = (
    <Button
      type="link"
      size="small"
      aria-label={`Versions of ${template.name} (${templateLanguageLabel(template.language)})`}
      onClick={onShowVersions}
    >
      Versions
    </Button>
  );
  if (!canWrite) return versionsButton;
  return (
    <Space size={0} wrap>
      {versionsButton}
      <Button
        type="link"
        size="small"
        loading={duplicate.isPending}
        aria-label={`Duplicate ${template.name} (${templateLanguageLabel(template.language)})`}
        onClick={() =>
          duplicate.mutate(template._id, { onSuccess: (copy) => notifySuccess(`${copy.name} created`) })
        }
      >
        Duplicate
      </Button>
      <Button
        type="link"
        size="small"
        loading={update.isPending}
        aria-label={`${isArchived ? 'Bring back' : 'Archive'} ${template.name} (${templateLanguageLabel(template.language)})`}
        onClick={() =>
          update.mutate(
            { id: template._id, changes: { status: isArchived ? 'active' : 'archived' } },
            {
              onSuccess: () =>
                notifySuccess(`${template.name} ${isArchived ? 'is active again' : 'archived'}`),
            },
          )
        }
      >
        {isArchived ? 'Bring back' : 'Archive'}
      </Button>
      <ConfirmDeleteButton
        label={`Delete ${template.name} (${templateLanguageLabel(template.language)})`}
        question={`Delete ${template.name}?`}
        description="Its versions go with it. Archive it instead to keep them."
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(template._id, { onSuccess: () => notifySuccess(`${template.name} deleted`) })
        }
      />
    </Space>
  );
};

const TemplatesScreen = () => {
  const { formatDateTime } = useFormat();
  const canWrite = useCan('templates:write');
  const [openId, setOpenId] = useState<string>();
  const [isCreating, setIsCreating] = useState(false);
  const list = useListState<TTemplateFilters, TSortField>({
    filters: {
      type: oneOf(['email', 'document'] as const),
      purpose: oneOf(purposes),
      language: anyText,
      status: oneOf(['active', 'archived'] as const),
    },
    sortFields: ['name', 'updatedAt', 'purpose', 'language'],
  });
  const query = list.query as Partial<TTemplateListQuery>;
  const templates = useTemplates(query);

  const columns: TableProps<TTemplateSummary>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      render: (_, template) => (
        // Active is the rule; only an archived template says what it is.
        <Space size="small">
          <ClippedText text={template.name} maxWidth="13rem">
            <Link to={paths.settingsTemplateUpdate.href({ id: template._id, type: template.type })}>
              {template.name}
            </Link>
          </ClippedText>
          {template.status === 'archived' && <Tag>Archived</Tag>}
        </Space>
      ),
    },
    {
      key: 'type',
      title: 'Type',
      width: 110,
      render: (_, template) => (
        <Tag color={template.type === 'email' ? 'blue' : 'purple'}>{typeLabels[template.type]}</Tag>
      ),
    },
    {
      key: 'purpose',
      title: 'Purpose',
      sorter: true,
      render: (_, template) => templatePurposeLabels[template.purpose],
    },
    {
      key: 'language',
      title: 'Language',
      sorter: true,
      width: 150,
      render: (_, template) => templateLanguageLabel(template.language),
    },
    {
      key: 'updatedAt',
      title: 'Last change',
      sorter: true,
      render: (_, template) => (
        <>
          <time className="one-line" dateTime={template.updatedAt}>
            {formatDateTime(template.updatedAt)}
          </time>
          <br />
          <Typography.Text type="secondary">
            v{template.versionNumber ?? 0} ·{' '}
            <ClippedText text={template.updatedByEmail ?? 'the default'} maxWidth="12rem" />
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_: unknown, template: TTemplateSummary) => (
        <TemplateRowActions
          template={template}
          canWrite={canWrite}
          onShowVersions={() => setOpenId(template._id)}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<TTemplateSummary, TTemplateFilters, TSortField>
        title="Templates"
        intro={!canWrite && <ReadOnlyNotice what="the company's templates" permission="templates:write" />}
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
              New template
            </Button>
          )
        }
        search={{ label: 'Search templates', placeholder: 'Search by name', regionLabel: 'Find templates' }}
        filters={<ListFilterSelects list={list} filters={filters} />}
        list={list}
        query={templates}
        columns={columns}
        tableMinWidth={900}
        noun={{ one: 'template', other: 'templates' }}
        empty={{ unfiltered: 'No templates yet.' }}
        notAllowed={{ what: 'the templates of your company' }}
        export={{
          fileName: 'templates.csv',
          fetchPage: (page) => getTemplates({ ...query, ...page }),
          columns: [
            { title: 'Name', value: (template) => template.name },
            { title: 'Type', value: (template) => typeLabels[template.type] },
            { title: 'Purpose', value: (template) => templatePurposeLabels[template.purpose] },
            { title: 'Language', value: (template) => template.language },
            { title: 'Version', value: (template) => template.versionNumber },
            { title: 'Last change', value: (template) => template.updatedAt },
            { title: 'By', value: (template) => template.updatedByEmail },
            { title: 'Status', value: (template) => template.status },
          ],
        }}
      />
      <TemplateDrawer templateId={openId} canWrite={canWrite} onClose={() => setOpenId(undefined)} />
      <NewTemplateModal isOpen={isCreating} onClose={() => setIsCreating(false)} />
    </>
  );
};

/** /settings/templates: the company's email and document templates, with their versions. */
export const TemplatesRoute = () => (
  <RequirePermission permission="templates:read" title="Templates" what="the templates of your company">
    <TemplatesScreen />
  </RequirePermission>
);
