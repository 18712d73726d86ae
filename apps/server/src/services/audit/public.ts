// audit's public surface: what other modules may use. Everything else in audit/ is its own.

/** The audit trail as a report source (reports). */
export { auditReportSource } from './report-source.ts';
/** The entity types of products a company lacks, for the audit summary reports count from (reports). */
export { entityTypesOutside as auditEntityTypesOutside } from './restricted-entries.ts';
