// contactserver's public surface: what other modules may use. Everything else in contactserver/ is its own.

/** Contacts with an e-mail, found by name or e-mail: the mail composer suggests them beside colleagues. */
export { findContactRecipients } from './repository.ts';
