// notifications's public surface: what other modules may use. Everything else in notifications/ is its own.

/** The caller's own notifications as a report source (reports). */
export { notificationsReportSource } from './report-source.ts';
