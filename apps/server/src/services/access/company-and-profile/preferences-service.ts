import type { TUserPreferences, ZUpdateUserPreferencesRequest } from '@cargodesk/shared';
import { preferencesMessages } from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import type { TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { listTimeZones, normaliseTimeZoneName } from '../../../platform/reference/reference-data.ts';
import { updateAudited } from './audited-update.ts';
import * as repository from './profile-repository.ts';

// The signed-in user's formatting preferences (App settings): language, time zone, date and number
// format. Every screen formats with them (docs/decisions/024-user-formatting-preferences.md).

type TPreferencesUpdate = z.output<typeof ZUpdateUserPreferencesRequest>;

const toPreferences = (row: repository.TPreferenceColumns): TUserPreferences => ({
  language: row.preferredLanguage,
  timeZone: row.timeZone,
  dateFormat: row.dateFormat,
  numberFormat: row.numberFormat,
});

let knownZones: Set<string> | undefined;

/** The reference list's canonical name of a zone (Europe/Kiev → Europe/Kyiv), or a 400. */
const canonicalZone = (name: string) => {
  knownZones ??= new Set(listTimeZones().map((zone) => zone.name));
  const canonical = normaliseTimeZoneName(name);
  if (knownZones.has(canonical)) return canonical;
  throw new AppError('VALIDATION_FAILED', `Invalid body: timeZone ${preferencesMessages.unknownTimeZone}`, {
    fields: [{ field: 'timeZone', message: preferencesMessages.unknownTimeZone }],
  });
};

const userGone = () => new AppError('UNAUTHENTICATED', 'The signed-in user no longer exists; sign in again');

export const createPreferencesService = ({ db }: { db: Db }) => {
  const getPreferences = async (auth: TAuthContext): Promise<TUserPreferences> => {
    const row = await withTenantRead(db, auth.companyId, (tx) =>
      repository.findUserPreferences(tx, auth.companyId, auth.userId),
    );
    if (!row) throw userGone();
    return toPreferences(row);
  };

  const updatePreferences = async (
    auth: TAuthContext,
    actor: TAuditActor,
    update: TPreferencesUpdate,
  ): Promise<TUserPreferences> => {
    const changes: Partial<repository.TPreferenceColumns> = {
      ...(update.language !== undefined && { preferredLanguage: update.language }),
      ...(update.timeZone !== undefined && {
        timeZone: update.timeZone === null ? null : canonicalZone(update.timeZone),
      }),
      ...(update.dateFormat !== undefined && { dateFormat: update.dateFormat }),
      ...(update.numberFormat !== undefined && { numberFormat: update.numberFormat }),
    };
    return withTenant(db, auth.companyId, (tx) =>
      updateAudited(tx, actor, {
        entity: { entityType: 'user', entityId: auth.userId },
        hasChanges: Object.keys(changes).length > 0,
        read: () => repository.findUserPreferences(tx, auth.companyId, auth.userId),
        write: () => repository.updateUserPreferences(tx, auth.companyId, auth.userId, changes),
        viewOf: toPreferences,
        gone: userGone,
      }),
    );
  };

  return { getPreferences, updatePreferences };
};
