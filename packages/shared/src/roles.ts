import { z } from 'zod';
import { maxPageSize, ZPageQuery } from './lists.ts';
import { permissions } from './permissions.ts';

// Roles and groups of a company (iamserver).

export const roleRules = { nameMaxLength: 60, descriptionMaxLength: 500 } as const;
export const groupRules = { nameMaxLength: 60, descriptionMaxLength: 500, maxMembers: 1000 } as const;

const ZPermission = z.enum(permissions, { error: 'is not a known permission' });

/** A role as the API shows it; the Admin role always lists every permission. */
export const ZRole = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(ZPermission),
  isSystem: z.boolean(),
  /** admin | member | viewer for the roles every company starts with, null for the company's own. */
  systemKey: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

const roleName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(roleRules.nameMaxLength, `must be at most ${roleRules.nameMaxLength} characters`);
const roleDescription = z
  .string()
  .trim()
  .max(roleRules.descriptionMaxLength, `must be at most ${roleRules.descriptionMaxLength} characters`);
const rolePermissions = z.array(ZPermission).max(permissions.length * 2, 'lists too many permissions');

/** POST /iamserver/api/v1/roles. */
export const ZRoleInput = z
  .object({ name: roleName, description: roleDescription.optional(), permissions: rolePermissions })
  .strict();
export type TRoleInput = z.infer<typeof ZRoleInput>;

/** PATCH /iamserver/api/v1/roles/:id: any of the fields. */
export const ZRoleUpdate = z
  .object({ name: roleName, description: roleDescription, permissions: rolePermissions })
  .partial()
  .strict();
export type TRoleUpdate = z.infer<typeof ZRoleUpdate>;

/** DELETE /iamserver/api/v1/roles/:id?reassignTo=<roleId>: where the role's users go. */
export const ZRoleDeleteQuery = z.object({ reassignTo: z.uuid('must be a role id').optional() }).strict();
export type TRoleDeleteQuery = z.infer<typeof ZRoleDeleteQuery>;

/** The fields GET /roles sorts by; without `sort`, system roles come first, then by name. */
export const roleSortFields = ['name', 'userCount', 'createdAt'] as const;
export type TRoleSortField = (typeof roleSortFields)[number];

/**
 * GET /iamserver/api/v1/roles: a page of the company's roles. A page holds the most a page may by
 * default, so a role picker that asks for no page gets every role of an ordinary company.
 */
export const ZRoleListQuery = ZPageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(maxPageSize),
});
export type TRoleListQuery = z.infer<typeof ZRoleListQuery>;

/** The fields GET /groups sorts by. */
export const groupSortFields = ['name', 'memberCount', 'createdAt', 'updatedAt'] as const;
export type TGroupSortField = (typeof groupSortFields)[number];

/** A user in a group, as much as a member list needs. */
export const ZGroupMember = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string(),
  status: z.string(),
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

export const ZGroup = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TGroup = z.infer<typeof ZGroup>;

/** GET /iamserver/api/v1/groups/:id. */
export const ZGroupWithMembers = ZGroup.extend({ members: z.array(ZGroupMember) });
export type TGroupWithMembers = z.infer<typeof ZGroupWithMembers>;

const groupName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(groupRules.nameMaxLength, `must be at most ${groupRules.nameMaxLength} characters`);
const groupDescription = z
  .string()
  .trim()
  .max(groupRules.descriptionMaxLength, `must be at most ${groupRules.descriptionMaxLength} characters`);
const groupUserIds = z
  .array(z.uuid('must be a user id'))
  .max(groupRules.maxMembers, `must list at most ${groupRules.maxMembers} users`);

/** POST /iamserver/api/v1/groups: a group, optionally with its first members. */
export const ZGroupInput = z
  .object({ name: groupName, description: groupDescription.optional(), userIds: groupUserIds.optional() })
  .strict();
export type TGroupInput = z.infer<typeof ZGroupInput>;

/** PATCH /iamserver/api/v1/groups/:id. */
export const ZGroupUpdate = z.object({ name: groupName, description: groupDescription }).partial().strict();
export type TGroupUpdate = z.infer<typeof ZGroupUpdate>;

/** PUT /iamserver/api/v1/groups/:id/members: the group's whole member list. */
export const ZGroupMembersInput = z.object({ userIds: groupUserIds }).strict();
export type TGroupMembersInput = z.infer<typeof ZGroupMembersInput>;
