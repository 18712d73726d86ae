export * from './iam.ts';
export * from './identity.ts';
export * from './platform.ts';
