import { type TGroupMember, ZGroupInput } from '@cargodesk/shared';
import { Alert, Button, Form, Select, Space } from 'antd';
import { HistoryButton } from '@/components/history/history-drawer.tsx';
import { toErrorMessage } from '@/lib/api-client.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  type TCompanyUserOption,
  useCompanyUsers,
  useCreateGroup,
  useGroup,
  useUpdateGroup,
} from '../api/groups.ts';
import { NameAndDescriptionFields, RecordModal, showSaveFailure } from './record-modal.tsx';

export type TGroupModalState = { mode: 'create' } | { mode: 'edit'; groupId: string };

type TGroupFormValues = { name: string; description: string; userIds: string[] };

const formId = 'group-form';

// The server's own limits (POST and PATCH parse the same fields).
const nameSchema = ZGroupInput.shape.name;
const descriptionSchema = ZGroupInput.shape.description.unwrap();

const labelOf = (user: TCompanyUserOption | TGroupMember) => {
  const name = `${user.firstName} ${user.lastName}`.trim();
  const email =
    'emailId' in user && user.emailId ? user.emailId : (('email' in user ? user.email : '') ?? '');
  return name && email ? `${name} (${email})` : name || email || user._id;
};

const isSameMembers = (left: string[], right: string[]) =>
  left.length === right.length && left.every((id) => right.includes(id));

/** Create or edit a group: its name, description and members. */
export const GroupModal = ({
  state,
  canWrite,
  onClose,
}: {
  state: TGroupModalState;
  canWrite: boolean;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<TGroupFormValues>();
  const groupQuery = useGroup({ groupId: state.mode === 'edit' ? state.groupId : undefined });
  const companyUsers = useCompanyUsers({ enabled: canWrite });
  const createGroup = useCreateGroup();
  const updateGroup = useUpdateGroup();
  const group = groupQuery.data;
  const isLoading = state.mode === 'edit' && groupQuery.isLoading;
  const loadError = state.mode === 'edit' ? groupQuery.error : null;
  const isSaving = createGroup.isPending || updateGroup.isPending;
  const memberIds = group?.members.map((member) => member._id) ?? [];

  // Today's members stay choosable even when the user list cannot be loaded.
  const options = new Map<string, string>();
  for (const member of group?.members ?? []) options.set(member._id, labelOf(member));
  for (const user of companyUsers.users) options.set(user._id, labelOf(user));

  const onFinish = async ({ name, description, userIds = [] }: TGroupFormValues) => {
    try {
      if (state.mode === 'create') {
        await createGroup.mutateAsync({ name, description: description ?? '', userIds });
        notifySuccess(`Group "${name.trim()}" created`);
      } else {
        await updateGroup.mutateAsync({
          groupId: state.groupId,
          changes: { name, description: description ?? '' },
          userIds: isSameMembers(userIds, memberIds) ? undefined : userIds,
        });
        notifySuccess(`Group "${name.trim()}" saved`);
      }
      onClose();
    } catch (error) {
      showSaveFailure(form, error);
    }
  };

  const title =
    state.mode === 'create'
      ? 'Create group'
      : group
        ? `${canWrite ? 'Edit group' : 'Group'}: ${group.name}`
        : 'Group';
  const footer =
    isLoading || loadError || !canWrite ? (
      <Button type="primary" onClick={onClose}>
        Close
      </Button>
    ) : (
      <Space>
        {state.mode === 'edit' && (
          <HistoryButton entityType="group" entityId={state.groupId} title="Group history" />
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" form={formId} loading={isSaving}>
          {state.mode === 'create' ? 'Create group' : 'Save'}
        </Button>
      </Space>
    );

  return (
    <RecordModal
      title={title}
      footer={footer}
      form={form}
      isSaving={isSaving}
      isLoading={isLoading}
      skeletonRows={4}
      loadError={loadError}
      loadErrorTitle={() => 'The group could not be loaded'}
      onClose={onClose}
    >
      {(state.mode === 'create' || group) && (
        <Form<TGroupFormValues>
          id={formId}
          form={form}
          layout="vertical"
          disabled={!canWrite}
          requiredMark="optional"
          initialValues={{
            name: group?.name ?? '',
            description: group?.description ?? '',
            userIds: memberIds,
          }}
          onFinish={onFinish}
        >
          <NameAndDescriptionFields nameSchema={nameSchema} descriptionSchema={descriptionSchema} />
          <Form.Item label="Members" name="userIds">
            <Select
              mode="multiple"
              allowClear
              placeholder={companyUsers.isUnavailable ? 'No users to choose from' : 'Choose users'}
              loading={companyUsers.isLoading}
              optionFilterProp="label"
              options={[...options].map(([value, label]) => ({ value, label }))}
              notFoundContent={companyUsers.isLoading ? 'Loading users…' : 'No users found'}
            />
          </Form.Item>
          {canWrite && companyUsers.isUnavailable && (
            <Alert
              type="warning"
              showIcon
              title="The company's user list cannot be loaded here yet, so members cannot be chosen. Members already in the group are kept."
            />
          )}
          {canWrite && companyUsers.error && !companyUsers.isUnavailable && (
            <Alert
              type="error"
              showIcon
              title={`The users could not be loaded: ${toErrorMessage(companyUsers.error)}`}
            />
          )}
        </Form>
      )}
    </RecordModal>
  );
};
