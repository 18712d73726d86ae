import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import {
  messages,
  type TProfile,
  type TUpdateProfileRequest,
  ZUpdateProfileRequest,
} from '@cargodesk/shared';
import { Alert, Button, Card, Form, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ImageUpload } from '@/components/image-upload.tsx';
import { SaveRow, SettingsCard } from '@/components/settings-form.tsx';
import { UnsavedChangesGuard, useIsFormChanged } from '@/components/unsaved-changes.tsx';
import { initialsOf } from '@/components/user-avatar.tsx';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { refreshCurrentUser } from '@/lib/auth/refresh-current-user.ts';
import { resendVerificationEmail } from '@/lib/auth/resend-verification.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useProfile, useUpdateProfile } from '../api/profile.ts';

type TProfileFields = { firstName: string; lastName: string; phone: string; avatarFileId: string | null };

export const profileSavedMessage = 'Profile saved.';

// The server's own checks of PATCH /users/me (every field there may be left out).
const profileFields = ZUpdateProfileRequest.shape;
const firstNameRule = zodRule(profileFields.firstName.unwrap(), { label: 'The first name' });
const lastNameRule = zodRule(profileFields.lastName.unwrap(), { label: 'The last name' });
const phoneRule = zodRule(profileFields.phone, { label: 'Phone' });

const toFields = (profile: TProfile): TProfileFields => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  phone: profile.phone ?? '',
  avatarFileId: profile.avatarFileId,
});

const EmailState = ({ isVerified, canResend }: { isVerified: boolean; canResend: boolean }) => {
  const [isSending, setIsSending] = useState(false);
  if (isVerified) {
    return (
      <Tag color="success" icon={<CheckCircleFilled />}>
        Verified
      </Tag>
    );
  }
  return (
    <Space size="small" wrap>
      <Tag color="warning" icon={<ExclamationCircleFilled />}>
        Not verified
      </Tag>
      {canResend && (
        <Button
          type="link"
          size="small"
          loading={isSending}
          style={{ padding: 0 }}
          onClick={async () => {
            setIsSending(true);
            await resendVerificationEmail();
            setIsSending(false);
          }}
        >
          {messages.resendEmailLink}
        </Button>
      )}
    </Space>
  );
};

/**
 * A user's profile form: name, phone, avatar and email. Without `userId` (or with the signed-in
 * user's own id) it edits the signed-in user through /users/me and refreshes the navbar after
 * saving; with another user's id it is an admin's edit of that user (/users/{id}), e.g. mounted by
 * the users screen at /settings/users/{id}.
 */
export const ProfileForm = ({ userId, isReadOnly = false }: { userId?: string; isReadOnly?: boolean }) => {
  const session = useSession();
  const isSelf = !userId || userId === session.user?._id;
  const profile = useProfile(isSelf ? undefined : userId);
  const update = useUpdateProfile(isSelf ? undefined : userId);
  const [form] = Form.useForm<TProfileFields>();
  const canUpload = useCan('files:write');
  const isChanged = useIsFormChanged(form, profile.data ? toFields(profile.data) : undefined) && !isReadOnly;

  useEffect(() => {
    if (profile.data) form.setFieldsValue(toFields(profile.data));
  }, [profile.data, form]);

  if (profile.isPending) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (profile.isError) {
    return (
      <Card>
        <Result
          status="warning"
          title="The profile could not be loaded"
          subTitle={toErrorMessage(profile.error)}
          extra={<Button onClick={() => void profile.refetch()}>Try again</Button>}
        />
      </Card>
    );
  }

  const onSave = async (fields: TProfileFields) => {
    const changes: TUpdateProfileRequest = {
      firstName: fields.firstName,
      lastName: fields.lastName,
      phone: fields.phone ?? '',
      // A picture is the user's own choice: an admin edits names and phone, not someone's avatar.
      ...(isSelf ? { avatarFileId: fields.avatarFileId ?? null } : {}),
    };
    try {
      await update.mutateAsync(changes);
      notifySuccess(profileSavedMessage);
      if (isSelf) await refreshCurrentUser().catch(() => undefined);
    } catch {
      // The query client's mutation default has shown why.
    }
  };

  const name = `${profile.data.firstName} ${profile.data.lastName}`.trim();
  return (
    <SettingsCard title={isSelf ? 'Personal details' : name}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isReadOnly}
        initialValues={toFields(profile.data)}
        onFinish={(values) => void onSave(values)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item label="Avatar" name="avatarFileId">
          <ImageUpload
            label="Avatar"
            purpose="avatar"
            isDisabled={isReadOnly || !canUpload || !isSelf}
            placeholder={
              <Typography.Text style={{ fontSize: 32, color: '#13756b' }} aria-hidden>
                {initialsOf(name) || '?'}
              </Typography.Text>
            }
          />
        </Form.Item>
        <Space size="middle" style={{ display: 'flex' }} align="start" wrap>
          <Form.Item label="First name" name="firstName" rules={[firstNameRule]}>
            <Input autoComplete={isSelf ? 'given-name' : 'off'} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item label="Last name" name="lastName" rules={[lastNameRule]}>
            <Input autoComplete={isSelf ? 'family-name' : 'off'} style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Form.Item label="Phone" name="phone" rules={[phoneRule]}>
          <Input type="tel" autoComplete={isSelf ? 'tel' : 'off'} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item label="Email" htmlFor="profile-email">
          <Space orientation="vertical" size={4}>
            <Input id="profile-email" value={profile.data.emailId} readOnly disabled style={{ width: 320 }} />
            {isSelf && <EmailState isVerified={session.isEmailVerified} canResend={!isReadOnly} />}
          </Space>
        </Form.Item>
        {profile.data.roles.length > 0 && (
          <Form.Item label="Roles">
            <Space size={4} wrap>
              {profile.data.roles.map((role) => (
                <Tag key={role}>{role}</Tag>
              ))}
            </Space>
          </Form.Item>
        )}
        {isSelf && session.products.length > 0 && (
          // Plain words, not coloured chips: a chip reads as a button, and a product is nothing to press.
          <Form.Item label="Products of your company">
            <Typography.Text>{session.products.map((product) => product.name).join(', ')}</Typography.Text>
          </Form.Item>
        )}
        {!isReadOnly && <SaveRow label="Save profile" isSaving={update.isPending} isChanged={isChanged} />}
        <UnsavedChangesGuard isChanged={isChanged} />
        {!canUpload && !isReadOnly && (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 16 }}
            title="Your role does not let you upload files, so your avatar cannot be changed. Ask your company’s Admin if you need to."
          />
        )}
      </Form>
    </SettingsCard>
  );
};
