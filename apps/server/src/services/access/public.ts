// access's public surface: what other modules may use. Everything else in access/ is its own.

/** A company's base currency, read and set inside the caller's tenant transaction (master's currency settings). */
export { findCompanyCurrency, setCompanyCurrency } from './company-and-profile/company-repository.ts';
/** Whether a company has a product, before that product's routes answer (the Freight product's gate). */
export { createProductGate, productGateMessage } from './company-and-profile/product-gate.ts';
/**
 * Whether a company's plan has run out (docs/product.md §4): the one rule behind the user's
 * isExpired, the mail composer's refusal and the scheduled reports' (DESIGN §6, enforced here).
 */
export { isPlanExpired } from './mappers.ts';
/** The platform console's check, for the console's routes of other modules (reported problems). */
export { requirePlatformAdmin } from './platform-console/app-admin-routes.ts';
/** The platform's own trail: what a platform administrator did to what every company shares. */
export {
  platformActorOf,
  recordPlatformAction,
  type TPlatformActor,
} from './platform-console/platform-trail.ts';
/** Who is in a company: the people a notification can reach, and those a company may mail before it is verified. */
/** Who acted, by name: the History drawer names people rather than showing their email or id. */
/** A user's mailbox and permissions now, for work done on their behalf without a session (a scheduled report). */
export {
  findActiveMemberEmails,
  findAdminIdentities,
  findAdminUserIds,
  findCompanyNames,
  findReachableUserIds,
  findReachableUserIdsByEmail,
  findUserAccess,
  findUserDisplayNames,
  findUserIdsByEmail,
  findUserIdsWithPermission,
  findUserMailboxes,
} from './users/directory.ts';
/** The company's users as a report source (reports). */
export { usersReportSource } from './users/report-source.ts';
