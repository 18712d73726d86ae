import {
  hiddenAuditPart,
  type TAuditEntityType,
  type TAuditEvent,
  type TPermission,
} from '@cargodesk/shared';
import { freightProduct } from '../freight/public.ts';

// What of the trail a reader with audit:read may still not see (docs/decisions/047-restricted-audit-entries.md).
// The trail keeps every entry whole; each read (list, history, CSV export) applies these two maps, so
// a module that writes a part only some may read declares it here once, beside its product.

type TProduct = { code: string; name: string };

/** Entity types that belong to a product: a company without it has no such entries to read. */
const entityTypeProducts: Partial<Record<TAuditEntityType, TProduct>> = {
  shipment: freightProduct,
  'shipment-reference-pattern': freightProduct,
  'shipment-filter': freightProduct,
  'webhook-endpoint': freightProduct,
};

/**
 * Top-level keys of an entry's before and after that need a permission beside audit:read: a
 * shipment's charge lines carry its buy and sell prices, which decision 043 keeps to `charges:read`.
 */
const restrictedParts: Partial<Record<TAuditEntityType, Readonly<Record<string, TPermission>>>> = {
  shipment: { charges: 'charges:read' },
};

/** The product an entity type belongs to, if any. */
export const productOfEntityType = (entityType: string): TProduct | undefined =>
  entityTypeProducts[entityType as TAuditEntityType];

/** The entity types a company with `productCodes` has no entries of, sorted (a totals key uses them). */
export const entityTypesOutside = (productCodes: readonly string[]): string[] =>
  Object.entries(entityTypeProducts)
    .filter(([, product]) => product && !productCodes.includes(product.code))
    .map(([entityType]) => entityType)
    .sort();

const hideParts = (
  value: unknown,
  parts: Readonly<Record<string, TPermission>>,
  permissions: readonly TPermission[],
) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const hidden = Object.entries(parts).filter(
    ([key, permission]) => Object.hasOwn(value, key) && !permissions.includes(permission),
  );
  if (hidden.length === 0) return value;
  return {
    ...value,
    ...Object.fromEntries(hidden.map(([key, permission]) => [key, hiddenAuditPart(permission)])),
  };
};

/** The event as a reader holding `permissions` may see it: each restricted part they lack, a marker. */
export const withoutRestrictedParts = <T extends Pick<TAuditEvent, 'entityType' | 'before' | 'after'>>(
  event: T,
  permissions: readonly TPermission[],
): T => {
  const parts = restrictedParts[event.entityType as TAuditEntityType];
  if (!parts) return event;
  return {
    ...event,
    before: hideParts(event.before, parts, permissions),
    after: hideParts(event.after, parts, permissions),
  };
};
