// logserver's public surface: what other modules may use. Everything else in logserver/ is its own.

/** The audit trail as a report source (reportserver). */
export { auditReportSource } from './report-source.ts';
