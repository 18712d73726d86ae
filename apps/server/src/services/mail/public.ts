// mail's public surface: what other modules may use. Everything else in mail/ is its own.

/** The caller's own composer mails as a report source (reports). */
export { mailsReportSource } from './report-source.ts';
