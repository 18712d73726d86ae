import { permissionMatrix, type TPermission } from '@cargodesk/shared';
import { Alert } from 'antd';

/** A permission as the Roles screen shows it to whoever grants it: "Picklists: Write". */
export const roleScreenLabelOf = (permission: TPermission) => {
  const row = permissionMatrix.find((module) => module.write?.permission === permission);
  return row?.write ? `${row.label}: ${row.write.label}` : permission;
};

/**
 * Says why a screen's switches and fields do not respond: the user may look, not change. Shown
 * above a screen whose write controls stay visible (disabled) so that the settings can be read.
 * It names the Admin as the one to ask, not the admins by name: a reader's role need not let them
 * see the company's users (docs/decisions/040-plain-words-for-settings.md).
 */
export const ReadOnlyNotice = ({ what, permission }: { what: string; permission: TPermission }) => (
  <Alert
    type="info"
    showIcon
    style={{ marginBottom: 16 }}
    title={`You can view ${what}, but your role does not let you change anything here.`}
    description={`Changes are for people whose role allows “${roleScreenLabelOf(permission)}” (set on the Roles screen). Ask your company’s Admin if you need to make one.`}
  />
);
