// mailserver's public surface: what other modules may use. Everything else in mailserver/ is its own.

/** The caller's own composer mails as a report source (reportserver). */
export { mailsReportSource } from './report-source.ts';
