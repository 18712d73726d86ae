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

/** A question asked before the action runs; `isDanger` for the ones that take something away. */
type TConfirm = { title: string; description: string; okText: string; isDanger?: boolean };

/** One action on the user: a button, behind a question when `confirm` is given. */
const ActionButton = ({
  label,
  ariaLabel,
  size,
  isPending,
  isDanger = false,
  confirm,
  onRun,
}: {
  label: string;
  ariaLabel: string;
  size: 'small' | 'middle';
  isPending: boolean;
  isDanger?: boolean;
  confirm?: TConfirm;
  onRun: () => Promise<unknown>;
}) => {
  const button = (
    <Button
      type={size === 'small' ? 'link' : 'default'}
      size={size}
      danger={isDanger}
      loading={isPending}
      onClick={confirm ? undefined : () => void onRun()}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
  if (!confirm) return button;
  return (
    <Popconfirm
      title={confirm.title}
      description={confirm.description}
      okText={confirm.okText}
      okButtonProps={confirm.isDanger ? { danger: true } : undefined}
      onConfirm={onRun}
    >
      {button}
    </Popconfirm>
  );
};

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
  const who = user.name || user.email;

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
        <ActionButton
          label="Resend invite"
          ariaLabel={`Resend invite to ${who}`}
          size={size}
          isPending={resend.isPending}
          onRun={() => run(() => resend.mutateAsync(user._id), `Invitation sent again to ${user.email}`)}
        />
      )}
      {user.status === 'active' && !isSelf && (
        <ActionButton
          label="Reset password"
          ariaLabel={`Reset password for ${who}`}
          size={size}
          isPending={passwordReset.isPending}
          confirm={{
            title: `Send ${who} a password reset?`,
            description:
              'They get a mail with a link to choose a new password. Using it signs them out everywhere.',
            okText: 'Send',
          }}
          onRun={() =>
            run(() => passwordReset.mutateAsync(user._id), `A password reset was sent to ${user.email}`)
          }
        />
      )}
      {user.status === 'suspended' ? (
        <ActionButton
          label="Reactivate"
          ariaLabel={`Reactivate ${who}`}
          size={size}
          isPending={reactivate.isPending}
          onRun={() => run(() => reactivate.mutateAsync(user._id), `${who} can sign in again`)}
        />
      ) : (
        !isSelf && (
          <ActionButton
            label="Suspend"
            ariaLabel={`Suspend ${who}`}
            size={size}
            isPending={suspend.isPending}
            isDanger
            confirm={{
              title: `Suspend ${who}?`,
              description: 'They are signed out at once and cannot sign in until reactivated.',
              okText: 'Suspend',
              isDanger: true,
            }}
            onRun={() => run(() => suspend.mutateAsync(user._id), `${who} is suspended`)}
          />
        )
      )}
      {!isSelf && (
        <ActionButton
          label="Delete"
          ariaLabel={`Delete ${who}`}
          size={size}
          isPending={remove.isPending}
          isDanger
          confirm={{
            title: `Delete ${who}?`,
            description: 'The user and their sign-in are removed. This cannot be undone.',
            okText: 'Delete',
            isDanger: true,
          }}
          onRun={async () => {
            if (await run(() => remove.mutateAsync(user._id), `${who} was deleted`)) onDeleted?.();
          }}
        />
      )}
    </Space>
  );
};
