import type { TApiToken } from '@cargodesk/shared';
import { Button, Card, Empty, Popconfirm, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryErrorAlert } from '@/components/query-error-alert.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens.ts';
import { CreateApiTokenModal } from '../components/create-api-token-modal.tsx';
import { labelOfPermission } from '../components/permission-labels.ts';

const statusOf = (token: TApiToken, now: number) => {
  if (token.revokedAt) return { label: 'Revoked', color: 'default' };
  if (Date.parse(token.expiresAt) <= now) return { label: 'Expired', color: 'default' };
  // 'success': the theme's darker green; antd's preset green falls below AA contrast on its tint.
  return { label: 'Active', color: 'success' };
};

const RevokeButton = ({ token }: { token: TApiToken }) => {
  const revoke = useRevokeApiToken();
  return (
    <Popconfirm
      title={`Revoke “${token.name}”?`}
      description="Whatever uses it stops working at once. This cannot be undone."
      okText="Revoke"
      okButtonProps={{ danger: true, loading: revoke.isPending }}
      cancelText="Cancel"
      onConfirm={async () => {
        await revoke.mutateAsync(token._id);
        notifySuccess(`Revoked “${token.name}”`);
      }}
    >
      <Button danger size="small" aria-label={`Revoke ${token.name}`}>
        Revoke
      </Button>
    </Popconfirm>
  );
};

/** /settings/api-tokens: the signed-in user's personal API tokens for integrations. */
export const ApiTokensRoute = () => {
  const { formatDateTime } = useFormat();
  const tokens = useApiTokens();
  const [isCreating, setIsCreating] = useState(false);
  const now = Date.now();

  const columns: TableProps<TApiToken>['columns'] = [
    { title: 'Name', dataIndex: 'name', key: 'name', width: 170 },
    {
      title: 'Permissions',
      key: 'permissions',
      render: (_, token) => (
        <Space size={[4, 4]} wrap>
          {token.permissions.map((permission) => (
            <Tag key={permission}>{labelOfPermission(permission)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: 'Last used',
      key: 'lastUsedAt',
      render: (_, token) => formatDateTime(token.lastUsedAt) ?? 'Never',
    },
    { title: 'Expires', key: 'expiresAt', render: (_, token) => formatDateTime(token.expiresAt) },
    { title: 'Created', key: 'createdAt', render: (_, token) => formatDateTime(token.createdAt) },
    {
      title: 'Status',
      key: 'status',
      width: 100,
      render: (_, token) => {
        const status = statusOf(token, now);
        // One word: the cells' wrapping of long words must not split it.
        return (
          <Tag color={status.color} style={{ whiteSpace: 'nowrap', overflowWrap: 'normal' }}>
            {status.label}
          </Tag>
        );
      },
    },
    {
      title: <span className="visually-hidden">Actions</span>,
      key: 'actions',
      render: (_, token) => (statusOf(token, now).label === 'Active' ? <RevokeButton token={token} /> : null),
    },
  ];

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          API tokens
        </Typography.Title>
        <Button type="primary" onClick={() => setIsCreating(true)}>
          Create token
        </Button>
      </Space>
      <Typography.Paragraph style={{ margin: 0 }}>
        A personal API token lets a script or an integration call the Cargodesk API as you, with the
        permissions you give it. Send it in the <Typography.Text code>Authorization</Typography.Text> header (
        <Typography.Text code>Authorization: cdk_pat_…</Typography.Text>); the{' '}
        <a href="/api/docs">API reference</a> lists what it can call.
      </Typography.Paragraph>
      <QueryErrorAlert query={tokens} />
      {!tokens.isError && (
        <Card styles={{ body: { padding: 0 } }}>
          <Table<TApiToken>
            rowKey="_id"
            columns={columns}
            dataSource={tokens.data ?? []}
            loading={tokens.isLoading}
            pagination={false}
            scroll={{ x: 820 }}
            locale={{ emptyText: tokens.isLoading ? ' ' : <Empty description="No API tokens yet." /> }}
          />
        </Card>
      )}
      <CreateApiTokenModal isOpen={isCreating} onClose={() => setIsCreating(false)} />
    </Space>
  );
};
