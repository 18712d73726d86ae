import type { TCompanyUser, TUserAssignment } from '@cargodesk/shared';
import { Alert, Button, Card, Form, Select } from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useGroupOptions, useRoleOptions } from '../api/access-options.ts';
import { useUpdateUserGroups, useUpdateUserRoles } from '../api/users.ts';

type TAccessValues = { roleIds: string[]; groupIds: string[] };

/** The company's choices plus the user's current ones, so a name shows even if the list failed to load. */
const optionsOf = (available: TUserAssignment[] | undefined, current: TUserAssignment[]) => {
  const byId = new Map<string, string>();
  for (const { _id, name } of [...current, ...(available ?? [])]) byId.set(_id, name);
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
};

const isSameSet = (left: string[], right: string[]) =>
  left.length === right.length && left.every((value) => right.includes(value));

/** What the user may do (roles) and which teams they belong to (groups); read-only without users:write. */
export const UserAccessCard = ({ user, canEdit }: { user: TCompanyUser; canEdit: boolean }) => {
  const [form] = Form.useForm<TAccessValues>();
  const roles = useRoleOptions({ enabled: canEdit });
  const groups = useGroupOptions({ enabled: canEdit });
  const updateRoles = useUpdateUserRoles();
  const updateGroups = useUpdateUserGroups();
  const [failure, setFailure] = useState<string>();
  const currentRoleIds = user.roles.map((role) => role._id);
  const currentGroupIds = user.groups.map((group) => group._id);

  const onSave = async ({ roleIds, groupIds }: TAccessValues) => {
    setFailure(undefined);
    try {
      if (!isSameSet(roleIds, currentRoleIds)) await updateRoles.mutateAsync({ userId: user._id, roleIds });
      if (!isSameSet(groupIds, currentGroupIds))
        await updateGroups.mutateAsync({ userId: user._id, groupIds });
      notifySuccess(`Roles and groups of ${user.name || user.email} saved`);
    } catch (error) {
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Card title="Roles and groups" size="small">
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="user-access"
        layout="vertical"
        disabled={!canEdit}
        initialValues={{ roleIds: currentRoleIds, groupIds: currentGroupIds }}
        onFinish={onSave}
      >
        <Form.Item
          name="roleIds"
          label="Roles"
          extra={
            roles.isError
              ? 'The list of roles could not be loaded; only the current roles are shown.'
              : undefined
          }
        >
          <Select
            mode="multiple"
            placeholder="No roles: this user may do nothing"
            loading={roles.isLoading}
            options={optionsOf(roles.data, user.roles)}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item
          name="groupIds"
          label="Groups"
          extra={
            groups.isError
              ? 'The list of groups could not be loaded; only the current groups are shown.'
              : undefined
          }
        >
          <Select
            mode="multiple"
            placeholder="No groups"
            loading={groups.isLoading}
            options={optionsOf(groups.data, user.groups)}
            optionFilterProp="label"
          />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={updateRoles.isPending || updateGroups.isPending}>
            Save roles and groups
          </Button>
        )}
      </Form>
    </Card>
  );
};
