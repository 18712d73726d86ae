-- Which default permissions each system role has already been offered. The start-up sync adds a
-- default permission a Member or Viewer role lacks only if it is not in this list, so a new
-- permission reaches every company once, and one a company took away on purpose stays away.
ALTER TABLE "roles" ADD COLUMN "offered_permissions" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
-- Every company made before this list existed was given the defaults of its time (audit:read
-- included, until 0020 took it back): all of them count as offered, none is given again.
UPDATE roles
SET offered_permissions = ARRAY[
  'company:read', 'users:read', 'roles:read', 'picklists:read', 'ports:read', 'countries:read',
  'currencies:read', 'templates:read', 'contacts:read', 'files:read', 'issues:read', 'reports:read',
  'audit:read', 'contacts:write', 'mail:send', 'files:write'
]::text[]
WHERE is_system AND system_key = 'member';
--> statement-breakpoint
UPDATE roles
SET offered_permissions = ARRAY[
  'company:read', 'users:read', 'roles:read', 'picklists:read', 'ports:read', 'countries:read',
  'currencies:read', 'templates:read', 'contacts:read', 'files:read', 'issues:read', 'reports:read',
  'audit:read'
]::text[]
WHERE is_system AND system_key = 'viewer';
