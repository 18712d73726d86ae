// contacts's public surface: what other modules may use. Everything else in contacts/ is its own.

/** A shipment's parties: contacts by id, and contacts found by name (freight). */
export { findContactIdsByName, findPartyContacts, type TPartyContact } from './party-repository.ts';
/** Contacts with an e-mail, found by name or e-mail: the mail composer suggests them beside colleagues. */
export { findContactRecipients } from './recipients-repository.ts';
/** Organisations and people as a report source (reports); a contact's name for another module's source (freight). */
export { contactNameExpression, contactsReportSource } from './report-source.ts';
/** The contact a mail goes to, for a template's `contact` variables; a shipment's parties for its documents. */
export { findDocumentParties, findTemplateContact, noTemplateContact } from './template-contact.ts';
