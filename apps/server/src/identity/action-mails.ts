import { escapeHtml } from '../mail/escape-html.ts';
import type { TActionKind } from './identity-repository.ts';

const wording: Record<TActionKind, { subject: string; intro: string; button: string; outro: string }> = {
  VERIFY_EMAIL: {
    subject: 'Verify your e-mail for Cargodesk',
    intro: 'Please confirm that this is your e-mail address by opening the link below.',
    button: 'Verify e-mail',
    outro: 'If you did not create a Cargodesk account, you can ignore this message.',
  },
  PASSWORD_RESET: {
    subject: 'Reset your Cargodesk password',
    intro:
      'Someone asked to reset the password of your Cargodesk account. Open the link below to choose a new one.',
    button: 'Reset password',
    outro: 'If you did not ask for this, ignore this message: your password stays as it is.',
  },
};

/** The verify and reset e-mails; the link opens the SPA's /auth/action screen. The link expires in an hour. */
export const buildActionMail = ({
  kind,
  email,
  link,
}: {
  kind: TActionKind;
  email: string;
  link: string;
}) => {
  const { subject, intro, button, outro } = wording[kind];
  const text = `Hello,\n\n${intro}\n\n${link}\n\nThe link works once and expires in one hour.\n\n${outro}\n\nCargodesk`;
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>`,
    '<p>The link works once and expires in one hour.</p>',
    `<p>${escapeHtml(outro)}</p>`,
    '<p>Cargodesk</p>',
  ].join('\n');
  return { to: [email], subject, text, html };
};

/**
 * The invitation of a user an admin added: a password-reset link lets them choose their first
 * password, and their first sign-in activates them.
 */
export const buildInviteMail = ({
  email,
  link,
  inviterName,
  companyName,
}: {
  email: string;
  link: string;
  inviterName: string;
  companyName: string;
}) => {
  // Names are free text: one line each, so the subject stays one header line.
  const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
  const subject = `${oneLine(inviterName)} invited you to ${oneLine(companyName)} on Cargodesk — set your password`;
  const intro = `${inviterName} invited you to join ${companyName} on Cargodesk. Open the link below to set your password, then sign in with this e-mail address.`;
  const outro =
    'If the link has expired, ask your admin to send the invitation again. If you did not expect this invitation, you can ignore this message.';
  const text = `Hello,\n\n${intro}\n\n${link}\n\nThe link works once and expires in 7 days.\n\n${outro}\n\nCargodesk`;
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">Set your password</a></p>`,
    '<p>The link works once and expires in 7 days.</p>',
    `<p>${escapeHtml(outro)}</p>`,
    '<p>Cargodesk</p>',
  ].join('\n');
  return { to: [email], subject, text, html };
};
