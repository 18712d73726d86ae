import { renderSystemMail } from '../templating/system-mails.ts';
import type { TActionKind } from './identity-repository.ts';

// The account mails' wording is in templating/system-mails.ts, with the product's other system mails.

const systemMailOf = {
  VERIFY_EMAIL: 'verify-email',
  PASSWORD_RESET: 'password-reset',
  EMAIL_SIGNIN: 'email-sign-in',
} as const;

/** The verify, reset and sign-in-link emails; the link opens the SPA's /auth/action screen. The link expires in an hour. */
export const buildActionMail = async ({
  kind,
  email,
  link,
}: {
  kind: TActionKind;
  email: string;
  link: string;
}) => ({
  to: [email],
  ...(await renderSystemMail(systemMailOf[kind], { link })),
});

/**
 * The invitation of a user an admin added: a password-reset link lets them choose their first
 * password, and their first sign-in activates them.
 */
export const buildInviteMail = async ({
  email,
  link,
  inviterName,
  companyName,
}: {
  email: string;
  link: string;
  inviterName: string;
  companyName: string;
}) => ({ to: [email], ...(await renderSystemMail('invitation', { link, inviterName, companyName })) });
