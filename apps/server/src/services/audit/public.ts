// audit's public surface: what other modules may use. Everything else in audit/ is its own.

/** The audit trail as a report source (reports). */
export { auditReportSource } from './report-source.ts';
