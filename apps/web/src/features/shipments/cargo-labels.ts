import {
  checkSizeTypeCode,
  commonSizeTypeCodes,
  dangerousGoodsClasses,
  isPackageTypeCode,
  packageTypeCodes,
  packageTypes,
} from '@cargodesk/shared';

// The words a forwarder reads for cargo codes: UN/ECE Rec. 21 package types, ISO 6346 size-types
// and dangerous goods, from the shared lists (never copied here).

/** `CT` → "Carton"; a code the list does not hold stays as it is. */
export const packageTypeName = (code: string) => (isPackageTypeCode(code) ? packageTypes[code] : code);

/** The package types to choose from, by name, each with its code to search by. */
export const packageTypeOptions = packageTypeCodes
  .map((code) => ({ value: code, label: `${packageTypes[code]} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** `22G1` → "20' general purpose"; a well-formed code outside the common ones is described from its parts. */
export const sizeTypeDescription = (code: string) => {
  const check = checkSizeTypeCode(code);
  return check.ok ? check.description : '';
};

/** The common size-types, and any other code the shipment already holds, so re-saving keeps it. */
export const sizeTypeOptionsWith = (heldCodes: readonly string[]) => {
  const codes = [...Object.keys(commonSizeTypeCodes)];
  for (const code of heldCodes) if (code && !codes.includes(code)) codes.push(code);
  return codes.map((code) => ({ value: code, label: `${code} – ${sizeTypeDescription(code) || code}` }));
};

export const dangerousGoodsClassOptions = dangerousGoodsClasses.map((value) => ({
  value,
  label: `Class ${value}`,
}));

/** "UN 1263, class 3"; nothing for goods that are not dangerous. */
export const dangerousGoodsText = (unNumber: string | null, dangerousClass: string | null) =>
  unNumber ? `UN ${unNumber}${dangerousClass ? `, class ${dangerousClass}` : ''}` : '';

/** `{ 22G1: 2, 45G1: 1 }` → "2 × 22G1, 1 × 45G1", in the code's order. */
export const containersBySizeTypeText = (bySizeType: Record<string, number>) =>
  Object.entries(bySizeType)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => `${count} × ${code}`)
    .join(', ');
