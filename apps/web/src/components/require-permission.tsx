import { Card, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type TPermissionNeed, useCan } from '../lib/auth/permissions.ts';

type TNotAllowedProps = {
  /** The screen's heading, kept so the user knows where they are. */
  title: string;
  /** What the screen shows, as in "Your roles do not let you see {what}." */
  what: string;
};

/** The 403 card of every screen a user's roles do not open. */
export const NotAllowedCard = ({ title, what }: TNotAllowedProps) => (
  <Card>
    <Typography.Title level={2} style={{ marginTop: 0 }}>
      {title}
    </Typography.Title>
    <Result status="403" subTitle={`Your roles do not let you see ${what}.`} />
  </Card>
);

/**
 * A screen that needs a permission: without it, the 403 card instead, and the screen is never
 * mounted, so it asks the API for nothing it would be refused.
 */
export const RequirePermission = ({
  permission,
  children,
  ...card
}: TNotAllowedProps & { permission: TPermissionNeed; children: ReactNode }) =>
  useCan(permission) ? children : <NotAllowedCard {...card} />;
