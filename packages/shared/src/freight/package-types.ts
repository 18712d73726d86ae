// Package types a forwarder uses most, by their UN/ECE Recommendation 21 codes (pallet is PX;
// PL is a pail, and PK a package). Names as the recommendation gives them.

export const packageTypes = {
  BG: 'Bag',
  BL: 'Bale, compressed',
  BN: 'Bale, non-compressed',
  BA: 'Barrel',
  BE: 'Bundle',
  BX: 'Box',
  CA: 'Can, rectangular',
  CL: 'Coil',
  CN: 'Container, not otherwise specified as transport equipment',
  CR: 'Crate',
  CS: 'Case',
  CT: 'Carton',
  CY: 'Cylinder',
  DR: 'Drum',
  EN: 'Envelope',
  FB: 'Flexibag',
  FE: 'Flexitank',
  JB: 'Bag, jumbo',
  JR: 'Jar',
  KG: 'Keg',
  NE: 'Unpacked or unpackaged',
  PA: 'Packet',
  PC: 'Parcel',
  PK: 'Package',
  PL: 'Pail',
  PP: 'Piece',
  PX: 'Pallet',
  RL: 'Reel',
  RO: 'Roll',
  SA: 'Sack',
  SK: 'Case, skeleton',
  TB: 'Tub',
  TK: 'Tank, rectangular',
  TU: 'Tube',
  VN: 'Vehicle',
  WA: 'Intermediate bulk container',
  '8A': 'Pallet, wooden',
  '4G': 'Box, fibreboard',
} as const satisfies Record<string, string>;
export type TPackageTypeCode = keyof typeof packageTypes;

export const packageTypeCodes = Object.keys(packageTypes) as TPackageTypeCode[];

export const isPackageTypeCode = (value: string): value is TPackageTypeCode =>
  Object.hasOwn(packageTypes, value);
