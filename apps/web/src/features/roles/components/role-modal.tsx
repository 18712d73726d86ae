import { type TPermission, type TRole, ZRoleInput } from '@cargodesk/shared';
import {
  Alert,
  Button,
  ConfigProvider,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Select,
  Skeleton,
  Space,
  Tag,
} from 'antd';
import { useState } from 'react';
import { HistoryButton } from '../../../components/history/history-drawer.tsx';
import { ApiError, toErrorMessage } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/forms/zod-rule.ts';
import { notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { useCreateRole } from '../api/create-role.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { useRole } from '../api/get-role.ts';
import { useEveryRole } from '../api/get-roles.ts';
import { useUpdateRole } from '../api/update-role.ts';
import { PermissionMatrix } from './permission-matrix.tsx';

export type TRoleModalState = { mode: 'create' } | { mode: 'edit'; roleId: string };

type TRoleFormValues = { name: string; description: string; permissions: TPermission[] };

const formId = 'role-form';

// The server's own limits (POST and PATCH parse the same fields).
const nameSchema = ZRoleInput.shape.name;
const descriptionSchema = ZRoleInput.shape.description.unwrap();

const DeleteRoleButton = ({ role, onDeleted }: { role: TRole; onDeleted: () => void }) => {
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
      onDeleted();
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
      <Button danger>Delete role</Button>
    </Popconfirm>
  );
};

/** Create or edit a role: the same modal over the roles list for both routes. */
export const RoleModal = ({
  state,
  canWrite,
  onClose,
}: {
  state: TRoleModalState;
  canWrite: boolean;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<TRoleFormValues>();
  const roleQuery = useRole({ roleId: state.mode === 'edit' ? state.roleId : undefined });
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const role = roleQuery.data;
  const isAdminRole = role?.systemKey === 'admin';
  const isReadOnly = !canWrite || isAdminRole;
  const isSaving = createRole.isPending || updateRole.isPending;

  const onFinish = async ({ name, description, permissions }: TRoleFormValues) => {
    const input = { name, description: description ?? '', permissions: permissions ?? [] };
    try {
      if (state.mode === 'create') {
        await createRole.mutateAsync(input);
        notifySuccess(`Role "${name.trim()}" created`);
      } else {
        await updateRole.mutateAsync({ roleId: state.roleId, changes: input });
        notifySuccess(`Role "${name.trim()}" saved`);
      }
      onClose();
    } catch (error) {
      // A taken name belongs next to the name field; anything else is a toast.
      if (error instanceof ApiError && error.code === 'CONFLICT' && !isAdminRole) {
        form.setFields([{ name: 'name', errors: [error.message] }]);
        return;
      }
      notifyFailure(error);
    }
  };

  const title =
    state.mode === 'create'
      ? 'Create role'
      : role
        ? isReadOnly
          ? `Role: ${role.name}`
          : `Edit role: ${role.name}`
        : 'Role';
  const isLoading = state.mode === 'edit' && roleQuery.isLoading;
  const loadError = state.mode === 'edit' ? roleQuery.error : null;

  const footer = (() => {
    if (isLoading || loadError)
      return [
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
      ];
    if (isReadOnly)
      return [
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ];
    return (
      <div className="role-modal__footer">
        <Space>
          {role && !role.isSystem && <DeleteRoleButton role={role} onDeleted={onClose} />}
          {role && <HistoryButton entityType="role" entityId={role._id} title={`History of ${role.name}`} />}
        </Space>
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" form={formId} loading={isSaving}>
            {state.mode === 'create' ? 'Create role' : 'Save'}
          </Button>
        </Space>
      </div>
    );
  })();

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={footer}
      width={720}
      destroyOnHidden
      maskClosable={!isSaving}
    >
      {isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {loadError && (
        <Result
          status={loadError instanceof ApiError && loadError.status === 404 ? '404' : 'error'}
          title={
            loadError instanceof ApiError && loadError.status === 404
              ? 'This role does not exist'
              : 'The role could not be loaded'
          }
          subTitle={toErrorMessage(loadError)}
        />
      )}
      {!isLoading && !loadError && (state.mode === 'create' || role) && (
        <>
          {isAdminRole && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="The Admin role always has every permission"
              description="It comes with every company and cannot be renamed, edited or deleted, so a company can always be run by someone."
            />
          )}
          {!canWrite && !isAdminRole && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={
                state.mode === 'create'
                  ? 'Creating roles needs the roles:write permission.'
                  : 'You can see this role but not change it: that needs the roles:write permission.'
              }
            />
          )}
          {role?.isSystem && !isAdminRole && canWrite && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={`The ${role.name} role comes with every company: you may change it, but not delete it.`}
            />
          )}
          <Form<TRoleFormValues>
            id={formId}
            form={form}
            layout="vertical"
            disabled={isReadOnly}
            initialValues={{
              name: role?.name ?? '',
              description: role?.description ?? '',
              permissions: role?.permissions ?? [],
            }}
            onFinish={onFinish}
            requiredMark="optional"
          >
            <Form.Item label="Name" name="name" rules={[zodRule(nameSchema, { label: 'The name' })]}>
              <Input autoFocus maxLength={nameSchema.maxLength ?? undefined} />
            </Form.Item>
            <Form.Item
              label="Description"
              name="description"
              rules={[zodRule(descriptionSchema, { label: 'The description' })]}
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 4 }}
                maxLength={descriptionSchema.maxLength ?? undefined}
              />
            </Form.Item>
            <Form.Item
              label={
                <Space size={8}>
                  Permissions
                  {role?.isSystem && (
                    // A label, not a control: it keeps its colours in a read-only form.
                    <ConfigProvider componentDisabled={false}>
                      <Tag>System role</Tag>
                    </ConfigProvider>
                  )}
                </Space>
              }
              name="permissions"
              extra="Write includes read: ticking Write ticks Read too."
            >
              <PermissionMatrix disabled={isReadOnly} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
};
