import {
  permissionMatrix,
  readPermissionOf,
  type TPermission,
  type TPermissionCell,
} from '@cargodesk/shared';
import { Checkbox } from 'antd';
import './permission-matrix.css';

type TPermissionMatrixProps = {
  value?: TPermission[];
  onChange?: (value: TPermission[]) => void;
  /** Left out, the surrounding Form decides (a read-only role disables the whole form). */
  disabled?: boolean;
  id?: string;
};

/**
 * The modules × read/write grid of a role (a Form control). Granting write grants read too, and
 * taking read away takes write with it: a write permission is of no use without seeing the data.
 */
export const PermissionMatrix = ({ value = [], onChange, disabled, id }: TPermissionMatrixProps) => {
  const granted = new Set(value);

  const onToggle = (permission: TPermission, isChecked: boolean) => {
    const next = new Set(granted);
    if (isChecked) {
      next.add(permission);
      const read = readPermissionOf(permission);
      if (read) next.add(read);
    } else {
      next.delete(permission);
      const write = permissionMatrix.find((row) => row.read?.permission === permission)?.write?.permission;
      if (write) next.delete(write);
    }
    onChange?.([...next]);
  };

  const renderCell = (cell: TPermissionCell | undefined, moduleLabel: string) =>
    cell ? (
      <Checkbox
        checked={granted.has(cell.permission)}
        disabled={disabled}
        onChange={(event) => onToggle(cell.permission, event.target.checked)}
        aria-label={`${cell.label}: ${moduleLabel}`}
      >
        {cell.label}
      </Checkbox>
    ) : (
      <span className="permission-matrix__none">
        <span aria-hidden="true">–</span>
        <span className="permission-matrix__hidden">{`No such permission for ${moduleLabel}`}</span>
      </span>
    );

  return (
    // Read-only, the grid holds nothing to tab to: it takes the focus itself, so that a keyboard
    // can scroll it.
    <div
      className="permission-matrix"
      id={id}
      {...(disabled ? { tabIndex: 0, role: 'region', 'aria-label': 'Permissions of this role' } : {})}
    >
      <table>
        <caption className="permission-matrix__hidden">What users holding this role may do</caption>
        <thead>
          <tr>
            <th scope="col">Module</th>
            <th scope="col">Read</th>
            <th scope="col">Write</th>
          </tr>
        </thead>
        <tbody>
          {permissionMatrix.map((row) => (
            <tr key={row.module}>
              <th scope="row">
                <span className="permission-matrix__module">{row.label}</span>
                <span className="permission-matrix__description">{row.description}</span>
              </th>
              <td>{renderCell(row.read, row.label)}</td>
              <td>{renderCell(row.write, row.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
