-- The audit trail (sign-in addresses, devices, BCC recipients) is for admins by default: the Member
-- and Viewer roles every company started with lose audit:read. A company that wants others to read
-- it grants it again, knowingly, in a role of its own or by editing these.
UPDATE roles
SET permissions = array_remove(permissions, 'audit:read'), updated_at = now()
WHERE is_system AND system_key IN ('member', 'viewer') AND 'audit:read' = ANY(permissions);
