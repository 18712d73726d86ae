// notifyserver's public surface: what other modules may use. Everything else in notifyserver/ is its own.

/** The caller's own notifications as a report source (reportserver). */
export { notificationsReportSource } from './report-source.ts';
