import { answerFromWorker } from '../../../platform/runtime/tenant-work-pool.ts';
import { summarizeCsv } from './csv-summary.ts';

// The contacts import's work that runs on the tenant work pool (import-service.ts sends it here).

/** The first pass over a file: its encoding, header, sample and row count, or why it is refused. */
export const readCsvSummary = answerFromWorker(({ bytes }: { bytes: Uint8Array }) => summarizeCsv(bytes));
