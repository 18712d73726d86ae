// mailserver's public surface: what other modules may use. Everything else in mailserver/ is its own.

/** A company's daily recipient allowance, for other mails whose recipients it chose (invitations). */
export { consumeRecipientBudget } from './recipient-budget.ts';
/** The caller's own composer mails as a report source (reportserver). */
export { mailsReportSource } from './report-source.ts';
/** Mails delivered per company since a date: the platform console's usage column. */
export { countMailsSentSince } from './repository.ts';
