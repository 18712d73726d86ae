import {
  chargeCodePicklist,
  formatScaled,
  type TChargeLine,
  type TShipmentCharges,
  trimDecimal,
  type ZShipmentChargesInput,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../../db/client.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError, fieldError } from '../../../platform/http/errors.ts';
import { findPartyContacts } from '../../contacts/public.ts';
import {
  currencyMinorUnits,
  findBaseCurrency,
  findCurrenciesNotInUse,
  findPicklistEntries,
  findRatesInForce,
  type TRateInForce,
} from '../../master-data/public.ts';
import * as shipmentsRepository from '../shipments/repository.ts';
import { lineAmounts, totalsOf } from './amounts.ts';
import * as repository from './repository.ts';

// A shipment's buy and sell lines (docs/decisions/043-shipments-model.md, charges): replaced as a
// whole in one transaction with one audit entry; each line keeps the exchange rate in force on its
// date as a snapshot; the totals are in the company's base currency, exact.

export const chargeMessages = {
  shipmentNotFound: 'No such shipment in your company',
  noBaseCurrency: 'needs your company’s base currency: choose it under Currencies first',
  chargeCode: (code: string) => `${code} is not a charge code of your company’s list`,
  party: 'must be an organisation of your contacts',
  currencyNotInUse: (currency: string) => `${currency} is not a currency your company has in use`,
  noRate: (currency: string, date: string) =>
    `No ${currency} rate is in force on ${date}: enter one under Currencies first`,
} as const;

type TChargesInput = z.output<typeof ZShipmentChargesInput>;

const minorUnits = currencyMinorUnits();
/** ISO 4217 minor units; 2 for a code the reference data no longer has. */
const minorUnitsOf = (currency: string) => minorUnits.get(currency) ?? 2;

/** What the audit trail keeps of a line: its stored values. */
const auditedLine = (row: repository.TChargeRow) => ({
  side: row.side,
  chargeCode: row.chargeCode,
  description: row.description,
  partyId: row.partyId,
  quantity: trimDecimal(row.quantity),
  unit: row.unit,
  unitPrice: trimDecimal(row.unitPrice),
  currency: row.currency,
  date: row.chargeDate,
  rate: trimDecimal(row.rate),
  rateBaseCurrency: row.rateBaseCurrency,
  rateEffectiveDate: row.rateEffectiveDate,
});

/** The shipment's lines and totals, read in the caller's transaction (the documents print the sell side). */
export const readShipmentCharges = async (
  tx: Queryable,
  companyId: string,
  id: string,
): Promise<TShipmentCharges> => {
  const rows = await repository.findCharges(tx, companyId, id);
  const baseCurrency = await findBaseCurrency(tx, companyId);
  const parties = await findPartyContacts(
    tx,
    companyId,
    rows.map((row) => row.partyId),
  );
  const lines = rows.map((row) => {
    const { amount, baseAmount } = lineAmounts({
      side: row.side,
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      rate: row.rate,
      minorUnits: minorUnitsOf(row.currency),
      baseMinorUnits: minorUnitsOf(row.rateBaseCurrency),
    });
    return { row, amount, baseAmount };
  });
  const inBase = lines.filter((line) => line.row.rateBaseCurrency === baseCurrency);
  const baseMinorUnits = baseCurrency ? minorUnitsOf(baseCurrency) : 2;
  return {
    baseCurrency,
    lines: lines.map(
      ({ row, amount, baseAmount }): TChargeLine => ({
        side: row.side,
        chargeCode: row.chargeCode,
        description: row.description,
        party: { _id: row.partyId, name: parties.get(row.partyId)?.name ?? 'Deleted contact' },
        quantity: trimDecimal(row.quantity),
        unit: row.unit as TChargeLine['unit'],
        unitPrice: trimDecimal(row.unitPrice),
        currency: row.currency,
        date: row.chargeDate,
        amount: formatScaled(amount, minorUnitsOf(row.currency)),
        exchangeRate: {
          rate: trimDecimal(row.rate),
          baseCurrency: row.rateBaseCurrency,
          effectiveDate: row.rateEffectiveDate,
        },
        baseAmount: formatScaled(baseAmount, minorUnitsOf(row.rateBaseCurrency)),
      }),
    ),
    totals: {
      ...totalsOf(
        inBase.map((line) => ({ side: line.row.side, baseAmount: line.baseAmount })),
        baseMinorUnits,
      ),
      linesInOtherBase: lines.length - inBase.length,
    },
  };
};

export const createChargesService = ({ db }: { db: Db }) => {
  const assertShipment = async (tx: Queryable, companyId: string, id: string, forUpdate = false) => {
    const shipment = await shipmentsRepository.findShipment(tx, companyId, id, { forUpdate });
    if (!shipment) throw new AppError('NOT_FOUND', chargeMessages.shipmentNotFound);
    return shipment;
  };

  const get = (auth: TAuthContext, id: string) =>
    withTenantRead(db, auth.companyId, async (tx) => {
      await assertShipment(tx, auth.companyId, id);
      return readShipmentCharges(tx, auth.companyId, id);
    });

  /** Replaces the lines; every line is checked and its rate found before anything is written. */
  const replace = (auth: TAuthContext, actor: TAuditActor, id: string, input: TChargesInput) =>
    withTenant(db, auth.companyId, async (tx) => {
      const { companyId } = auth;
      await assertShipment(tx, companyId, id, true);
      const before = await repository.findCharges(tx, companyId, id);
      const baseCurrency = await findBaseCurrency(tx, companyId);
      if (input.lines.length > 0 && !baseCurrency) throw fieldError('lines', chargeMessages.noBaseCurrency);

      // Active codes of the list, and the codes the lines already have (inactive values stay for them).
      const entries = await findPicklistEntries(
        tx,
        companyId,
        chargeCodePicklist.module,
        chargeCodePicklist.group,
      );
      const codes = new Set([
        ...entries.filter((entry) => entry.isActive).map((entry) => entry.value),
        ...before.map((row) => row.chargeCode),
      ]);
      const parties = await findPartyContacts(
        tx,
        companyId,
        input.lines.map((line) => line.partyId),
      );
      const notInUse = new Set(
        await findCurrenciesNotInUse(
          tx,
          companyId,
          input.lines.map((line) => line.currency),
        ),
      );
      // Every line's rate in one statement, whatever its currency and day.
      const rates = await findRatesInForce(tx, {
        companyId,
        baseCurrency: baseCurrency as string,
        wanted: input.lines.map((line) => ({ currency: line.currency, date: line.date })),
      });
      const snapshots: TRateInForce[] = [];
      for (const [index, line] of input.lines.entries()) {
        if (!codes.has(line.chargeCode))
          throw fieldError(`lines.${index}.chargeCode`, chargeMessages.chargeCode(line.chargeCode));
        if (parties.get(line.partyId)?.kind !== 'organisation')
          throw fieldError(`lines.${index}.partyId`, chargeMessages.party);
        if (notInUse.has(line.currency))
          throw fieldError(`lines.${index}.currency`, chargeMessages.currencyNotInUse(line.currency));
        const rate = rates.get(`${line.currency} ${line.date}`);
        if (!rate)
          throw fieldError(`lines.${index}.currency`, chargeMessages.noRate(line.currency, line.date));
        snapshots.push(rate);
      }

      await repository.replaceCharges(
        tx,
        companyId,
        id,
        input.lines.map((line, index) => {
          const snapshot = snapshots[index] as TRateInForce;
          return {
            side: line.side,
            chargeCode: line.chargeCode,
            description: line.description,
            partyId: line.partyId,
            quantity: line.quantity,
            unit: line.unit,
            unitPrice: line.unitPrice,
            currency: line.currency,
            chargeDate: line.date,
            rate: snapshot.rate,
            rateBaseCurrency: snapshot.baseCurrency,
            rateEffectiveDate: snapshot.effectiveDate,
          };
        }),
      );
      const after = await repository.findCharges(tx, companyId, id);
      await auditTrails.shipment(tx, actor, 'update', id, {
        before: { charges: before.map(auditedLine) },
        after: { charges: after.map(auditedLine) },
      });
      return readShipmentCharges(tx, companyId, id);
    });

  return { get, replace };
};
