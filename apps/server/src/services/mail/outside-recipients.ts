import { mailMessages } from '@cargodesk/shared';
import type { Db } from '../../db/client.ts';
import type { IdentityAdmin } from '../../identity/identity-admin.ts';
import { withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findActiveMemberEmails, findAdminIdentities } from '../access/public.ts';

// Anyone can sign up with any address and register a company. Until one of its admins proves an
// address (DESIGN §12: who someone is comes only from proof), the company is nobody in particular,
// and its mails, sent as "<its name> via Cargodesk", may reach only its own people.

export type TAccountReader = Pick<IdentityAdmin, 'getAccount'>;

/**
 * Whether an active admin of the company has a verified, enabled identity account. Read from the
 * identity module at the time of sending, not from the sign-in: an admin who verifies after signing
 * in may mail outside at once, without signing in again.
 */
const hasVerifiedAdmin = async (db: Db, identityAdmin: TAccountReader, companyId: string) => {
  const admins = await withTenantRead(db, companyId, (tx) => findAdminIdentities(tx, companyId));
  for (const { project, uid } of admins) {
    const account = await identityAdmin.getAccount(project, uid);
    if (account?.emailVerified && !account.disabled) return true;
  }
  return false;
};

/** Refuses (403) a mail to anyone outside the company while no admin of it has verified their address. */
export const assertMayMailRecipients = async ({
  db,
  identityAdmin,
  companyId,
  recipients,
}: {
  db: Db;
  identityAdmin: TAccountReader;
  companyId: string;
  recipients: string[];
}) => {
  const members = await withTenantRead(db, companyId, (tx) =>
    findActiveMemberEmails(tx, companyId, recipients),
  );
  const isAllInside = recipients.every((address) => members.has(address.toLowerCase()));
  if (isAllInside) return;
  if (await hasVerifiedAdmin(db, identityAdmin, companyId)) return;
  throw new AppError('FORBIDDEN', mailMessages.verifyToMailOutside);
};
