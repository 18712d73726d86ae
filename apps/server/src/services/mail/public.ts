// mail's public surface: what other modules may use. Everything else in mail/ is its own.

/** The caller's own composer mails as a report source (reports). */
export { mailsReportSource } from './report-source.ts';
/** The composer's send, for a module that sends its own record's file by reference (a shipment's document). */
export { createMailService, type TMailServiceDependencies } from './service.ts';
