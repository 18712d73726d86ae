export * from './errors.ts';
export * from './runtime-config.ts';
