import type { TPermission } from '@cargodesk/shared';
import { Alert } from 'antd';

/**
 * Says why a screen's switches and fields do not respond: the user may look, not change. Shown
 * above a screen whose write controls stay visible (disabled) so that the settings can be read.
 */
export const ReadOnlyNotice = ({ what, permission }: { what: string; permission: TPermission }) => (
  <Alert
    type="info"
    showIcon
    style={{ marginBottom: 16 }}
    title={`You can view ${what}. Changes need the ${permission} permission; ask your Admin.`}
  />
);
