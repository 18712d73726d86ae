import type { TRole } from '@cargodesk/shared';
import { Button, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '@/lib/notify.ts';
import { useDeleteRole, useEveryRole } from '../api/roles.ts';

/**
 * A role's Delete: asks first and, when people hold the role, which role they move to. In the role
 * modal's footer it is a button; on a list row it has the row Delete's look (ConfirmDeleteButton).
 */
export const DeleteRoleButton = ({
  role,
  onDeleted,
  isOnRow = false,
}: {
  role: TRole;
  onDeleted?: () => void;
  isOnRow?: boolean;
}) => {
  const deleteRole = useDeleteRole();
  const roles = useEveryRole();
  const [reassignTo, setReassignTo] = useState<string>();
  const isInUse = role.userCount > 0;
  const others = (roles.data ?? []).filter((candidate) => candidate._id !== role._id);

  const onConfirm = async () => {
    try {
      const result = await deleteRole.mutateAsync({
        roleId: role._id,
        reassignTo: isInUse ? reassignTo : undefined,
      });
      notifySuccess(
        result.reassignedUsers > 0
          ? `Role "${role.name}" deleted; ${result.reassignedUsers} ${result.reassignedUsers === 1 ? 'user' : 'users'} moved`
          : `Role "${role.name}" deleted`,
      );
      onDeleted?.();
    } catch {
      // The query client's mutation default has shown why.
    }
  };

  return (
    <Popconfirm
      title={`Delete the ${role.name} role?`}
      description={
        isInUse ? (
          <Space orientation="vertical" size={4} style={{ maxWidth: 280 }}>
            <span id="reassign-label">
              {role.userCount === 1 ? 'One user holds' : `${role.userCount} users hold`} this role. Move{' '}
              {role.userCount === 1 ? 'them' : 'them all'} to:
            </span>
            <Select
              aria-labelledby="reassign-label"
              placeholder="Choose a role"
              style={{ width: '100%' }}
              value={reassignTo}
              onChange={setReassignTo}
              options={others.map((candidate) => ({ value: candidate._id, label: candidate.name }))}
              // Inside the popup, so choosing an option is not a click outside that closes it.
              getPopupContainer={(trigger: HTMLElement) => trigger.parentElement ?? document.body}
            />
          </Space>
        ) : (
          'Nobody holds it. This cannot be undone.'
        )
      }
      okText="Delete"
      okButtonProps={{ danger: true, disabled: isInUse && !reassignTo, loading: deleteRole.isPending }}
      onConfirm={onConfirm}
    >
      {isOnRow ? (
        <Button type="link" size="small" danger aria-label={`Delete role ${role.name}`}>
          Delete
        </Button>
      ) : (
        <Button danger>Delete role</Button>
      )}
    </Popconfirm>
  );
};
