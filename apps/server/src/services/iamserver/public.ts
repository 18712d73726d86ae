// iamserver's public surface: what other modules may use. Everything else in iamserver/ is its own.

/** Who is in a company: the people a notification can reach. */
export { findAdminUserIds, findReachableUserIds, findReachableUserIdsByEmail } from './directory.ts';
