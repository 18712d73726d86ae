import type { TUserStatus } from '@cargodesk/shared';
import { Tag } from 'antd';

export const userStatusLabels: Record<TUserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  suspended: 'Suspended',
};

// Types only from shared here: its zod schemas would run at load and trip the page's CSP (no eval).
export const userStatusOptions = (Object.keys(userStatusLabels) as TUserStatus[]).map((value) => ({
  value,
  label: userStatusLabels[value],
}));

// 'success' takes the theme's darker green; antd's preset green falls below AA contrast on its tint.
const colors: Record<TUserStatus, string> = { active: 'success', invited: 'blue', suspended: 'red' };

export const UserStatusTag = ({ status }: { status: TUserStatus }) => (
  <Tag color={colors[status]}>{userStatusLabels[status]}</Tag>
);
