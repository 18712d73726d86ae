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
