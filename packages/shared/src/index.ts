export * from './errors.ts';
export * from './messages.ts';
export * from './runtime-config.ts';
export * from './session.ts';
