import { permissionMatrix } from '@cargodesk/shared';

// A permission as people read it on the roles screen: "Users and groups: Write".

const labels = new Map<string, string>(
  permissionMatrix.flatMap((row) =>
    [row.read, row.write].flatMap((cell) => (cell ? [[cell.permission, `${row.label}: ${cell.label}`]] : [])),
  ),
);

export const labelOfPermission = (permission: string) => labels.get(permission) ?? permission;

/** The permissions a user holds, in the matrix's order, as checkbox options. */
export const permissionOptionsOf = (held: readonly string[]) =>
  permissionMatrix.flatMap((row) =>
    [row.read, row.write].flatMap((cell) =>
      cell && held.includes(cell.permission)
        ? [{ value: cell.permission, label: `${row.label}: ${cell.label}` }]
        : [],
    ),
  );
