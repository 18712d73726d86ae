// files's public surface: what other modules may use. Everything else in files/ is its own.

/** A module that keeps files (an issued document's PDF) says who may read them. */
export { registerKeptFileCheck, type TKeptFileCheck } from './kept-files.ts';
/** The company's files as a report source (reports). */
export { filesReportSource } from './report-source.ts';
/** Bytes stored per company: the platform console's usage column. */
export { sumStorageByCompany } from './repository.ts';
/** A company's file looked up for another module: an avatar or logo, a mail attachment. */
export {
  assertCompanyImage,
  discardMadeFile,
  findCompanyFile,
  findCompanyFileForAttaching,
  openCompanyFile,
  storeMadeFile,
  type TFilesServiceDependencies,
} from './service.ts';
