// templates's public surface: what other modules may use. Everything else in templates/ is its own.

/** Document templates another module prints with its own data (freight's shipment documents). */
export {
  chooseDocumentTemplate,
  findDocumentTemplateText,
  type TDocumentTemplateChoice,
  type TDocumentTemplateText,
} from './document-templates.ts';
/** How a template in a language writes the company's dates and amounts. */
export { localeOf } from './render-locale.ts';
/** The company's templates as a report source (reports). */
export { templatesReportSource } from './report-source.ts';
