import { ZInviteUserRequest } from '@cargodesk/shared';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, toErrorMessage } from '@/lib/api-client.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useRoleOptions } from '../api/access-options.ts';
import { useInviteUser } from '../api/users.ts';

type TInviteValues = { email: string; firstName: string; lastName: string; roleIds?: string[] };

// The server's schema; the texts people already know (and e2e/users.spec.ts reads) stay.
const { email: emailSchema, firstName: firstNameSchema, lastName: lastNameSchema } = ZInviteUserRequest.shape;
const emailRule = zodRule(emailSchema, {
  label: 'The email address',
  messages: { invalid_format: 'Please enter a valid email address.' },
});
const nameRule = (schema: typeof firstNameSchema, what: string) =>
  zodRule(schema, { label: `The ${what}`, messages: { too_small: `Please enter the ${what}.` } });

/**
 * Invites a colleague: they get an email with a link to set their password, and stay "invited"
 * until they first sign in. The Member role is chosen unless the admin picks others.
 */
export const InviteUserModal = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<TInviteValues>();
  const roles = useRoleOptions({ enabled: isOpen });
  const invite = useInviteUser();
  const [failure, setFailure] = useState<string>();
  const hasRoles = roles.isSuccess && roles.data.length > 0;

  useEffect(() => {
    if (!isOpen || !roles.data || form.isFieldTouched('roleIds')) return;
    const member = roles.data.find((role) => role.systemKey === 'member' || role.name === 'Member');
    if (member) form.setFieldValue('roleIds', [member._id]);
  }, [isOpen, roles.data, form]);

  const onSubmit = async (values: TInviteValues) => {
    setFailure(undefined);
    const email = values.email.trim();
    try {
      await invite.mutateAsync({
        email,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        // Without the roles list the server gives the Member role.
        ...(hasRoles ? { roleIds: values.roleIds ?? [] } : {}),
      });
      notifySuccess(`Invitation sent to ${email}`);
      form.resetFields();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        form.setFields([{ name: 'email', errors: [error.message] }]);
        return;
      }
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      title="Invite user"
      open={isOpen}
      okText="Send invitation"
      // The OK button submits the form itself, so Enter in any field submits the dialog too.
      okButtonProps={{ htmlType: 'submit', form: 'invite-user' }}
      confirmLoading={invite.isPending}
      onCancel={() => {
        setFailure(undefined);
        onClose();
      }}
      afterOpenChange={focusFieldOnOpen(form, 'email')}
      destroyOnHidden
    >
      <p>They get an email with a link to set their password and join your company.</p>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="invite-user"
        layout="vertical"
        onFinish={onSubmit}
        requiredMark="optional"
        // The form's own rules check every field, in our words; the browser's would stop the submit first.
        noValidate
      >
        <Form.Item name="email" label="Email" rules={[emailRule]}>
          <Input type="email" autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item name="firstName" label="First name" rules={[nameRule(firstNameSchema, 'first name')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="lastName" label="Last name" rules={[nameRule(lastNameSchema, 'last name')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="roleIds"
          label="Roles"
          rules={
            hasRoles ? [{ required: true, type: 'array', min: 1, message: 'Choose at least one role.' }] : []
          }
          extra={
            roles.isError
              ? 'The roles could not be loaded: the user gets the Member role, which you can change later.'
              : undefined
          }
        >
          <Select
            mode="multiple"
            placeholder={roles.isError ? 'Member' : 'Choose roles'}
            loading={roles.isLoading}
            disabled={roles.isError}
            options={(roles.data ?? []).map((role) => ({ value: role._id, label: role.name }))}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
