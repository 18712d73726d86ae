import { z } from 'zod';
import { ZPageQuery } from './lists.ts';

// Business types (master /type/) and receiving locations (/receivinglocation): company CRUD.

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, 'is required');

export const ZBusinessType = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBusinessType = z.infer<typeof ZBusinessType>;

export const ZBusinessTypeInput = z
  .object({ name: required(80), description: text(300).optional(), isActive: z.boolean().optional() })
  .strict();
export type TBusinessTypeInput = z.infer<typeof ZBusinessTypeInput>;
export const ZBusinessTypeUpdate = z
  .object({ name: required(80), description: text(300), isActive: z.boolean() })
  .partial()
  .strict();
export type TBusinessTypeUpdate = z.infer<typeof ZBusinessTypeUpdate>;

export const ZReceivingLocation = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  countryCode: z.string(),
  locode: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TReceivingLocation = z.infer<typeof ZReceivingLocation>;

const receivingLocationFields = {
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{2,20}$/, 'must be 2 to 20 upper-case letters, digits or dashes'),
  name: required(120),
  address: text(300),
  city: text(120),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
  locode: z
    .string()
    .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'must be a UN/LOCODE like NLRTM')
    .nullable(),
  isActive: z.boolean(),
};

export const ZReceivingLocationInput = z
  .object({
    ...receivingLocationFields,
    address: receivingLocationFields.address.optional(),
    city: receivingLocationFields.city.optional(),
    locode: receivingLocationFields.locode.optional(),
    isActive: receivingLocationFields.isActive.optional(),
  })
  .strict();
export type TReceivingLocationInput = z.infer<typeof ZReceivingLocationInput>;
export const ZReceivingLocationUpdate = z.object(receivingLocationFields).partial().strict();
export type TReceivingLocationUpdate = z.infer<typeof ZReceivingLocationUpdate>;

/** GET /type and /receivinglocation: a page, searched by name (and code). */
export const ZCompanyListQuery = ZPageQuery.extend({ active: z.enum(['true', 'false']).optional() }).strict();
export type TCompanyListQuery = z.infer<typeof ZCompanyListQuery>;
