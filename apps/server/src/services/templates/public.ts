// templates's public surface: what other modules may use. Everything else in templates/ is its own.

/** The company's templates as a report source (reports). */
export { templatesReportSource } from './report-source.ts';
