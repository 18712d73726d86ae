import type { TAuditAction, TAuditEntityType } from '@cargodesk/shared';

// The audit log's words for its actions and entities. Spelled out rather than imported from
// shared's lists: those sit beside zod, which the page's CSP refuses. The Record types make the
// compiler name any action or entity type added in shared and missing here.

export const auditActionLabels: Record<TAuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'two-factor-failed': 'Wrong two-factor code',
  'sign-in-confirmed': 'Sign-in confirmed',
  'sign-out': 'Signed out',
  invite: 'Invited',
  suspend: 'Suspended',
  reactivate: 'Reactivated',
  'role-change': 'Roles changed',
  'permission-change': 'Permissions changed',
  'password-change': 'Password changed',
  'password-reset': 'Password reset mail',
  'sessions-revoked': 'Signed out everywhere',
  import: 'Imported',
  print: 'Printed',
  export: 'Exported',
  view: 'Viewed by platform',
  revoke: 'Revoked',
};

export const auditEntityTypeLabels: Record<TAuditEntityType, string> = {
  user: 'User',
  role: 'Role',
  group: 'Group',
  company: 'Company',
  'sso-config': 'Single sign-on',
  'api-token': 'API token',
  'report-sketch': 'Report',
  file: 'File',
  session: 'Session',
  announcement: 'Announcement',
  mail: 'Mail',
  port: 'Port',
  'port-favourite': 'Favourite port',
  'country-setting': 'Country setting',
  'currency-setting': 'Currency setting',
  'exchange-rate': 'Exchange rate',
  'picklist-group': 'Picklist',
  'picklist-value': 'Picklist value',
  'catalogue-import': 'Catalogue import',
  'business-type': 'Business type',
  'receiving-location': 'Receiving location',
  template: 'Template',
  contact: 'Contact',
  'contact-tag': 'Contact tag',
  'contact-filter': 'Saved contact filter',
  issue: 'Reported problem',
  'issue-comment': 'Problem comment',
  shipment: 'Shipment',
  'shipment-reference-pattern': 'Shipment reference patterns',
  'shipment-filter': 'Saved shipment filter',
  'webhook-endpoint': 'Webhook endpoint',
  'audit-trail': 'Audit log',
};

export const auditActions = Object.keys(auditActionLabels) as TAuditAction[];
export const auditEntityTypes = Object.keys(auditEntityTypeLabels) as TAuditEntityType[];

const byLabel = (left: { label: string }, right: { label: string }) => left.label.localeCompare(right.label);

export const auditActionOptions = auditActions
  .map((value) => ({ value, label: auditActionLabels[value] }))
  .sort(byLabel);
export const auditEntityTypeOptions = auditEntityTypes
  .map((value) => ({ value, label: auditEntityTypeLabels[value] }))
  .sort(byLabel);

/** A label for what the server may send beyond this list (an action added by a newer server). */
export const actionLabelOf = (action: string) =>
  auditActionLabels[action as TAuditAction] ?? action.replace(/-/g, ' ');
export const entityTypeLabelOf = (entityType: string) =>
  auditEntityTypeLabels[entityType as TAuditEntityType] ?? entityType.replace(/-/g, ' ');
