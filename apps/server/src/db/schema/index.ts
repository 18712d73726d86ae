export * from './iam.ts';
export * from './identity.ts';
export * from './master.ts';
export * from './notify.ts';
export * from './platform.ts';
