import type { Queryable } from '../../db/client.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';

// A file another module keeps (`files.kept_for`, e.g. an issued document's PDF) carries what that
// module guards: an arrival notice prints sell charges, which need charges:read. The files routes
// and mail attachments would otherwise hand it to anyone with files:read or mail:send, so for such a
// file the keeper decides who may read it. A keeper that registered no check lets nobody through.

/** Whether the caller may read the kept file `fileId` of their company. */
export type TKeptFileCheck = (tx: Queryable, auth: TAuthContext, fileId: string) => Promise<boolean>;

const checks = new Map<string, TKeptFileCheck>();

/** The keeper's rule for the files it keeps under `keptFor` (registered with its routes). */
export const registerKeptFileCheck = (keptFor: string, check: TKeptFileCheck) => {
  checks.set(keptFor, check);
};

/** A file nobody keeps is the company's to read; a kept one, only as its keeper allows. */
export const mayReadFile = async (
  tx: Queryable,
  auth: TAuthContext,
  file: { id: string; keptFor: string | null },
) => {
  if (!file.keptFor) return true;
  const check = checks.get(file.keptFor);
  return check ? check(tx, auth, file.id) : false;
};
