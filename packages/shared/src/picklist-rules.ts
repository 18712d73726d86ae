// Picklists (master): plain constants the web app may import (no zod at runtime).

export const picklistRules = {
  labelMaxLength: 80,
  valueMaxLength: 60,
  valuesMax: 500,
  /** Keys and values: lower-case letters, digits and underscores (company_type, freight_forwarder). */
  keyPattern: '^[a-z][a-z0-9_]*$',
  colourPattern: '^#[0-9a-fA-F]{6}$',
} as const;

/**
 * Names of Object.prototype's members (constructor, __proto__, valueOf…): a module or key of that
 * name would be found on every object by a lookup, so none may be chosen.
 */
export const isPrototypeName = (name: string) =>
  name === 'prototype' || Object.hasOwn(Object.prototype, name);
