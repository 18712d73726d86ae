export * from './default-dropdowns.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './reference-data.ts';
export * from './runtime-config.ts';
export * from './session.ts';
export * from './users.ts';
