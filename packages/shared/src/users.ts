import { z } from 'zod';
import { maxPageSize, ZPageQuery } from './lists.ts';

/** GET /iamserver/api/v1/users/count: the company's users by status (the dashboard's summary). */
export const ZUserCounts = z.object({
  total: z.number().int(),
  active: z.number().int(),
  invited: z.number().int(),
  suspended: z.number().int(),
});
export type TUserCounts = z.infer<typeof ZUserCounts>;

// Users management (iamserver /users): the company's people, their roles, groups and status.

export const userStatuses = ['active', 'invited', 'suspended'] as const;
export const ZUserStatus = z.enum(userStatuses);
export type TUserStatus = z.infer<typeof ZUserStatus>;

/** A role or group as a user carries it. */
export const ZUserAssignment = z.object({ _id: z.string(), name: z.string() });
export type TUserAssignment = z.infer<typeof ZUserAssignment>;

/** A user of the company as the users screens show it. */
export const ZCompanyUser = z.object({
  _id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarFileId: z.string().nullable(),
  status: ZUserStatus,
  /** Holds the Admin system role (a company keeps at least one active admin). */
  isAdmin: z.boolean(),
  roles: z.array(ZUserAssignment),
  groups: z.array(ZUserAssignment),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
});
export type TCompanyUser = z.infer<typeof ZCompanyUser>;

export const userSortFields = ['name', 'email', 'status', 'createdAt', 'lastLoginAt'] as const;
export type TUserSortField = (typeof userSortFields)[number];
const userSorts = userSortFields.flatMap((field) => [field, `-${field}`] as const);

/** GET /iamserver/api/v1/users: a page of users, searched by name or email, filtered and sorted. */
export const ZUserListQuery = ZPageQuery.extend({
  sort: z.enum(userSorts).optional(),
  status: ZUserStatus.optional(),
  roleId: z.uuid().optional(),
}).strict();
export type TUserListQuery = Partial<z.output<typeof ZUserListQuery>>;

export const ZUserIdParams = z.object({ id: z.uuid() }).strict();

const personName = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');

/** Trimmed; lower-cased by the server before use. */
export const ZUserEmail = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid email address'));

const ZRoleIds = z.array(z.uuid()).max(50, 'at most 50 roles');

/** POST /iamserver/api/v1/users/invite. Without roleIds the user gets the Member role. */
export const ZInviteUserRequest = z
  .object({ email: ZUserEmail, firstName: personName, lastName: personName, roleIds: ZRoleIds.optional() })
  .strict();
export type TInviteUserRequest = z.input<typeof ZInviteUserRequest>;

/** PATCH /iamserver/api/v1/users/:id: the fields an admin may change; phone null clears it. */
export const ZUpdateUserRequest = z
  .object({
    firstName: personName.optional(),
    lastName: personName.optional(),
    phone: z
      .string()
      .trim()
      .max(40, 'must be at most 40 characters')
      .regex(/^[+\d\s().-]*$/, 'may hold digits, spaces and + ( ) . - only')
      .nullable()
      .optional(),
  })
  .strict();
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

/** PUT /iamserver/api/v1/users/:id/roles: the user's whole set of roles. */
export const ZUserRolesRequest = z.object({ roleIds: ZRoleIds }).strict();
export type TUserRolesRequest = z.input<typeof ZUserRolesRequest>;

/** PUT /iamserver/api/v1/users/:id/groups: the user's whole set of groups. */
export const ZUserGroupsRequest = z
  .object({ groupIds: z.array(z.uuid()).max(200, 'at most 200 groups') })
  .strict();
export type TUserGroupsRequest = z.input<typeof ZUserGroupsRequest>;

/** The most users one bulk change names: a full page of the users list (its largest page size). */
export const maxBulkUsers = maxPageSize;

/**
 * POST /iamserver/api/v1/users/bulk/suspend: the users picked on the list, changed together or not
 * at all.
 */
export const ZBulkUsersRequest = z
  .object({
    ids: z
      .array(z.uuid())
      .min(1, 'needs at least one user')
      .max(maxBulkUsers, `names at most ${maxBulkUsers} users`),
  })
  .strict();
export type TBulkUsersRequest = z.input<typeof ZBulkUsersRequest>;

/** What the server answers when a rule of users management refuses a change. */
export const userMessages = {
  duplicateEmail: 'A user with this email address already exists in your company',
  // One answer for every refusal of an address outside the company: it must not tell an inviter
  // whether, or where else, the address is in use.
  emailTaken: 'This email address cannot be invited. Ask the person for another address, or contact support.',
  lastAdmin: 'Your company must keep at least one active admin: make another user an active Admin first',
  notSelfSuspend: 'You cannot suspend your own account',
  notSelfDelete: 'You cannot delete your own account',
  notInvited: 'Only an invited user who has not signed in yet can be sent the invitation again',
  resendTooSoon: 'The invitation was sent moments ago; wait a minute before sending it again',
  notSuspended: 'Only a suspended user can be reactivated',
  userNotFound: 'No such user in your company',
  resetNotActive:
    'Only an active user can be sent a password reset: resend the invitation to someone invited, or reactivate someone suspended first',
  resetTooOften: 'This user has been sent three password resets in the last hour; try again later',
} as const;

/** POST /auth/reset-pwd: an admin has a user mailed a link to choose a new password. */
export const ZAdminPasswordReset = z.object({ userId: z.uuid() }).strict();
export const ZAdminPasswordResetResult = z.object({ sentTo: z.string() });
export type TAdminPasswordResetResult = z.infer<typeof ZAdminPasswordResetResult>;
