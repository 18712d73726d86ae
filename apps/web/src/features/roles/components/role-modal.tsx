import { type TPermission, ZRoleInput } from '@cargodesk/shared';
import { Alert, Button, ConfigProvider, Form, Space, Tag } from 'antd';
import { HistoryButton } from '@/components/history/history-drawer.tsx';
import { roleScreenLabelOf } from '@/components/read-only-notice.tsx';
import { notifySuccess } from '@/lib/notify.ts';
import { useCreateRole, useRole, useUpdateRole } from '../api/roles.ts';
import { DeleteRoleButton } from './delete-role-button.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';
import { NameAndDescriptionFields, RecordModal, showSaveFailure } from './record-modal.tsx';

/** Create, optionally starting from a copy of another role, or edit. */
export type TRoleModalState =
  | { mode: 'create'; copyOf?: string | undefined }
  | { mode: 'edit'; roleId: string };

type TRoleFormValues = { name: string; description: string; permissions: TPermission[] };

const formId = 'role-form';

// The server's own limits (POST and PATCH parse the same fields).
const nameSchema = ZRoleInput.shape.name;
const descriptionSchema = ZRoleInput.shape.description.unwrap();

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
  const sourceQuery = useRole({ roleId: state.mode === 'create' ? state.copyOf : undefined });
  const source = sourceQuery.data;
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
      showSaveFailure(form, error, { isNameEditable: !isAdminRole });
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
  const isLoading = state.mode === 'edit' ? roleQuery.isLoading : sourceQuery.isLoading;
  const loadError = state.mode === 'edit' ? roleQuery.error : sourceQuery.error;

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
    <RecordModal
      title={title}
      footer={footer}
      width={720}
      form={form}
      isSaving={isSaving}
      isLoading={isLoading}
      skeletonRows={6}
      loadError={loadError}
      loadErrorTitle={(isGone) => (isGone ? 'This role does not exist' : 'The role could not be loaded')}
      onClose={onClose}
    >
      {(state.mode === 'create' || role) && (
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
                  ? `Creating roles is for people whose role allows “${roleScreenLabelOf('roles:write')}”. Ask your company’s Admin if you need one.`
                  : `You can see this role but not change it: that is for people whose role allows “${roleScreenLabelOf('roles:write')}”.`
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
            initialValues={
              source
                ? {
                    name: `Copy of ${source.name}`.slice(0, nameSchema.maxLength ?? undefined),
                    description: source.description,
                    permissions: source.permissions,
                  }
                : {
                    name: role?.name ?? '',
                    description: role?.description ?? '',
                    permissions: role?.permissions ?? [],
                  }
            }
            onFinish={onFinish}
            requiredMark="optional"
          >
            <NameAndDescriptionFields nameSchema={nameSchema} descriptionSchema={descriptionSchema} />
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
    </RecordModal>
  );
};
