import type { TApiToken, TCompanyUser } from '@cargodesk/shared';
import { Button, Card, Popconfirm, Table, type TableProps, Typography } from 'antd';
import { QueryErrorAlert } from '@/components/query-error-alert.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useRevokeUserApiToken, useUserApiTokens } from '../api/user-api-tokens.ts';

const isActive = (token: TApiToken, now: number) => !token.revokedAt && Date.parse(token.expiresAt) > now;

/**
 * An admin's look at a colleague's personal API tokens (users:write), to revoke a leaked one or
 * those of someone leaving. The tokens themselves are never shown, only their names and use.
 */
export const UserApiTokensCard = ({ user }: { user: TCompanyUser }) => {
  const { formatDateTime } = useFormat();
  const tokens = useUserApiTokens(user._id);
  const revoke = useRevokeUserApiToken();
  const now = Date.now();
  const active = (tokens.data ?? []).filter((token) => isActive(token, now));

  const columns: TableProps<TApiToken>['columns'] = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Permissions', key: 'permissions', render: (_, token) => token.permissions.join(', ') },
    {
      title: 'Last used',
      key: 'lastUsedAt',
      render: (_, token) => formatDateTime(token.lastUsedAt) ?? 'Never',
    },
    { title: 'Expires', key: 'expiresAt', render: (_, token) => formatDateTime(token.expiresAt) },
    {
      title: <span className="visually-hidden">Actions</span>,
      key: 'actions',
      render: (_, token) => (
        <Popconfirm
          title={`Revoke “${token.name}”?`}
          description="Whatever uses it stops working at once."
          okText="Revoke"
          okButtonProps={{ danger: true, loading: revoke.isPending }}
          cancelText="Cancel"
          onConfirm={async () => {
            await revoke.mutateAsync({ userId: user._id, tokenId: token._id });
            notifySuccess(`Revoked “${token.name}”`);
          }}
        >
          <Button danger size="small" aria-label={`Revoke ${token.name}`}>
            Revoke
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card title="API tokens" size="small">
      <QueryErrorAlert query={tokens} />
      {active.length === 0 && !tokens.isLoading && !tokens.isError ? (
        <Typography.Text type="secondary">No active API tokens.</Typography.Text>
      ) : (
        <Table<TApiToken>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={active}
          loading={tokens.isLoading}
          pagination={false}
          scroll={{ x: 640 }}
        />
      )}
    </Card>
  );
};
