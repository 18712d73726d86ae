export * from './air-waybill.ts';
export * from './container-number.ts';
export * from './hs-code.ts';
export * from './imo-number.ts';
