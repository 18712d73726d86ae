import type { TCompanyUser } from '@cargodesk/shared';
import { Button, Popconfirm, Space } from 'antd';
import { notifySuccess } from '@/lib/notify.ts';
import {
  useDeleteUser,
  useReactivateUser,
  useResendInvite,
  useSendPasswordReset,
  useSuspendUser,
} from '../api/users.ts';

/**
 * Resend the invitation, send a password reset, suspend or reactivate, and delete a user; the
 * destructive ones, and the reset, ask first.
 * Nobody is offered to suspend or delete themselves (the server refuses it too).
 */
export const UserStatusActions = ({
  user,
  isSelf,
  size = 'small',
  onDeleted,
}: {
  user: TCompanyUser;
  isSelf: boolean;
  size?: 'small' | 'middle';
  onDeleted?: () => void;
}) => {
  const resend = useResendInvite();
  const passwordReset = useSendPasswordReset();
  const suspend = useSuspendUser();
  const reactivate = useReactivateUser();
  const remove = useDeleteUser();
  const linkType = size === 'small' ? 'link' : 'default';

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notifySuccess(success);
      return true;
    } catch {
      // The query client's mutation default has shown why.
      return false;
    }
  };

  return (
    <Space size={size === 'small' ? 0 : 'small'} wrap>
      {user.status === 'invited' && (
        <Button
          type={linkType}
          size={size}
          loading={resend.isPending}
          onClick={() =>
            void run(() => resend.mutateAsync(user._id), `Invitation sent again to ${user.email}`)
          }
          aria-label={`Resend invite to ${user.name || user.email}`}
        >
          Resend invite
        </Button>
      )}
      {user.status === 'active' && !isSelf && (
        <Popconfirm
          title={`Send ${user.name || user.email} a password reset?`}
          description="They get a mail with a link to choose a new password. Using it signs them out everywhere."
          okText="Send"
          onConfirm={() =>
            run(() => passwordReset.mutateAsync(user._id), `A password reset was sent to ${user.email}`)
          }
        >
          <Button
            type={linkType}
            size={size}
            loading={passwordReset.isPending}
            aria-label={`Reset password for ${user.name || user.email}`}
          >
            Reset password
          </Button>
        </Popconfirm>
      )}
      {user.status === 'suspended' ? (
        <Button
          type={linkType}
          size={size}
          loading={reactivate.isPending}
          onClick={() =>
            void run(() => reactivate.mutateAsync(user._id), `${user.name || user.email} can sign in again`)
          }
          aria-label={`Reactivate ${user.name || user.email}`}
        >
          Reactivate
        </Button>
      ) : (
        !isSelf && (
          <Popconfirm
            title={`Suspend ${user.name || user.email}?`}
            description="They are signed out at once and cannot sign in until reactivated."
            okText="Suspend"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              run(() => suspend.mutateAsync(user._id), `${user.name || user.email} is suspended`)
            }
          >
            <Button
              type={linkType}
              size={size}
              danger
              loading={suspend.isPending}
              aria-label={`Suspend ${user.name || user.email}`}
            >
              Suspend
            </Button>
          </Popconfirm>
        )
      )}
      {!isSelf && (
        <Popconfirm
          title={`Delete ${user.name || user.email}?`}
          description="The user and their sign-in are removed. This cannot be undone."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            if (await run(() => remove.mutateAsync(user._id), `${user.name || user.email} was deleted`))
              onDeleted?.();
          }}
        >
          <Button
            type={linkType}
            size={size}
            danger
            loading={remove.isPending}
            aria-label={`Delete ${user.name || user.email}`}
          >
            Delete
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
};
