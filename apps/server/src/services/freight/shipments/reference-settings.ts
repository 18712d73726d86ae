import {
  defaultReferencePatterns,
  formatReference,
  referencePatternModes,
  referenceScopeOf,
  type TShipmentMode,
  type TShipmentReferencePatterns,
  type ZShipmentReferencePatternsInput,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../../db/client.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { yearIn } from './reference-pattern.ts';
import * as repository from './reference-settings-repository.ts';
import { takeReferenceNumber } from './repository.ts';

// A company's reference pattern per mode, set by an admin in the company settings: the next shipment
// takes the new pattern, counting on in its scope (the pattern with its year), so a pattern chosen
// again continues where it stopped.

/** Numbers a reference taken by another pattern is skipped over; never reached by a sensible company. */
const skipsMax = 1000;

const patternsOf = async (db: Queryable, companyId: string) => {
  const rows = await repository.findReferencePatterns(db, companyId);
  const patternOf = (mode: TShipmentMode) =>
    rows.find((row) => row.mode === mode)?.pattern ?? defaultReferencePatterns[mode];
  return { sea: patternOf('sea'), air: patternOf('air') };
};

/**
 * The next reference of the company's pattern for a mode, taken inside the creating transaction. The
 * patterns' rules keep each pattern's references apart; a number whose reference is taken anyway
 * (written by hand into an old import) is passed over rather than refused.
 */
export const takeReference = async (
  tx: Queryable,
  companyId: string,
  mode: TShipmentMode,
  { at, timezone }: { at: Date; timezone: string | null | undefined },
) => {
  const pattern = mode === 'road' ? defaultReferencePatterns.road : (await patternsOf(tx, companyId))[mode];
  const year = yearIn(at, timezone);
  const scope = referenceScopeOf(pattern, year);
  for (let attempt = 0; attempt < skipsMax; attempt += 1) {
    const reference = formatReference(pattern, year, await takeReferenceNumber(tx, companyId, scope));
    if (!(await repository.isReferenceTaken(tx, companyId, reference))) return reference;
  }
  throw new AppError('CONFLICT', 'The reference pattern gives only references already taken; change it');
};

export const createReferenceSettingsService = ({ db }: { db: Db }) => {
  const viewOf = async (tx: Queryable, auth: TAuthContext): Promise<TShipmentReferencePatterns> => {
    const counters = await repository.findLastNumbers(tx, auth.companyId);
    return {
      patterns: await patternsOf(tx, auth.companyId),
      year: yearIn(new Date(), auth.company.timezone),
      lastNumbers: Object.fromEntries(counters.map((counter) => [counter.scope, counter.lastNumber])),
    };
  };

  const get = (auth: TAuthContext) => withTenantRead(db, auth.companyId, (tx) => viewOf(tx, auth));

  const update = (
    auth: TAuthContext,
    actor: TAuditActor,
    input: z.output<typeof ZShipmentReferencePatternsInput>,
  ) =>
    withTenant(db, auth.companyId, async (tx) => {
      const before = await patternsOf(tx, auth.companyId);
      const changed = referencePatternModes.filter(
        (mode) => input[mode] !== undefined && input[mode] !== before[mode],
      );
      for (const mode of changed) {
        await repository.saveReferencePattern(tx, {
          companyId: auth.companyId,
          mode,
          pattern: input[mode] ?? before[mode],
          updatedBy: auth.userId,
        });
      }
      if (changed.length > 0)
        await auditTrails['shipment-reference-pattern'](tx, actor, 'update', auth.companyId, {
          before,
          after: await patternsOf(tx, auth.companyId),
        });
      return viewOf(tx, auth);
    });

  return { get, update };
};
