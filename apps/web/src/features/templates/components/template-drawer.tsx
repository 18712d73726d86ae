import { type TTemplate, type TTemplatePurpose, templatePurposeLabels } from '@cargodesk/shared';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  List,
  Pagination,
  Popconfirm,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useRestoreVersion, useTemplate, useTemplateVersions, versionsPageSize } from '../api/templates.ts';
import { templateLanguageLabel } from '../template-languages.ts';
import './template-drawer.css';
import { VersionDiff } from './version-diff.tsx';

/** A template's current text and its versions, newest first; a writer restores an older one. */
export const TemplateDrawer = ({
  templateId,
  canWrite,
  onClose,
  onRestored,
}: {
  templateId: string | undefined;
  canWrite: boolean;
  onClose: () => void;
  /** Hears the template as a restore left it: an open editor shows the restored text. */
  onRestored?: (restored: TTemplate) => void;
}) => {
  const { formatDateTime } = useFormat();
  const template = useTemplate(templateId);
  const [page, setPage] = useState(1);
  const versions = useTemplateVersions(templateId, page);
  const restore = useRestoreVersion();
  const shown = template.data;
  const current = shown?.current;

  return (
    <Drawer
      title={shown ? shown.name : 'Template'}
      open={Boolean(templateId)}
      onClose={onClose}
      size="large"
      destroyOnHidden
      afterOpenChange={(isOpen) => {
        if (!isOpen) setPage(1);
      }}
    >
      {template.isPending && <Skeleton active />}
      {template.isError && <Alert type="error" showIcon title={toErrorMessage(template.error)} />}
      {shown && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'type', label: 'Type', children: shown.type === 'email' ? 'Email' : 'Document' },
              {
                key: 'purpose',
                label: 'Purpose',
                children: templatePurposeLabels[shown.purpose as TTemplatePurpose],
              },
              { key: 'language', label: 'Language', children: templateLanguageLabel(shown.language) },
              {
                key: 'status',
                label: 'Status',
                children:
                  shown.status === 'archived' ? <Tag>Archived</Tag> : <Tag color="success">Active</Tag>,
              },
              ...(current?.subject ? [{ key: 'subject', label: 'Subject', children: current.subject }] : []),
            ]}
          />
          <section aria-labelledby="template-current-heading">
            <Typography.Title level={3} className="template-drawer__heading" id="template-current-heading">
              Current text{current ? ` (version ${current.number})` : ''}
            </Typography.Title>
            <pre className="template-drawer__source">{current?.body ?? ''}</pre>
          </section>
          <section aria-labelledby="template-versions-heading">
            <Typography.Title level={3} className="template-drawer__heading" id="template-versions-heading">
              Versions
            </Typography.Title>
            <List
              loading={versions.isPending}
              dataSource={versions.data?.data ?? []}
              renderItem={(version) => (
                <List.Item
                  actions={
                    canWrite && version.number !== current?.number
                      ? [
                          <Popconfirm
                            key="restore"
                            title={`Restore version ${version.number}?`}
                            description="Its text becomes a new, current version; the versions between stay in the history."
                            okText="Restore"
                            onConfirm={() =>
                              restore.mutate(
                                { id: shown._id, number: version.number },
                                {
                                  onSuccess: (restored) => {
                                    notifySuccess(
                                      `Version ${version.number} restored as version ${restored.current?.number ?? ''}`,
                                    );
                                    onRestored?.(restored);
                                  },
                                },
                              )
                            }
                          >
                            <Button size="small" aria-label={`Restore version ${version.number}`}>
                              Restore
                            </Button>
                          </Popconfirm>,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    title={`Version ${version.number}${version.number === current?.number ? ' · current' : ''}`}
                    description={`${formatDateTime(version.createdAt)} · ${version.createdByEmail ?? 'Cargodesk (the default)'}`}
                  />
                </List.Item>
              )}
            />
            {(versions.data?.meta.total ?? 0) > versionsPageSize && (
              <Pagination
                size="small"
                current={page}
                pageSize={versionsPageSize}
                total={versions.data?.meta.total ?? 0}
                onChange={setPage}
                showSizeChanger={false}
              />
            )}
          </section>
          {(shown.versionNumber ?? 0) >= 2 && (
            <section aria-labelledby="template-compare-heading">
              <Typography.Title level={3} className="template-drawer__heading" id="template-compare-heading">
                Compare versions
              </Typography.Title>
              <VersionDiff
                key={shown.versionNumber}
                templateId={shown._id}
                latestNumber={shown.versionNumber ?? 1}
              />
            </section>
          )}
        </>
      )}
    </Drawer>
  );
};
