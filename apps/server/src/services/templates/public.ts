// templateserver's public surface: what other modules may use. Everything else in templateserver/ is its own.

/** The company's templates as a report source (reportserver). */
export { templatesReportSource } from './report-source.ts';
