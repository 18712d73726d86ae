import nodemailer from 'nodemailer';
import type { TMailRow } from './outbox.ts';

export type TMailTransport = {
  /** True for the capture transport: mails go nowhere and the developer mailbox shows them. */
  isCapturing: boolean;
  send: (mail: TMailRow) => Promise<{ messageId: string }>;
  close: () => void;
};

/** Stable per mail, so a retry after an unclear failure carries the same Message-ID. */
const createMessageId = (mail: TMailRow) => {
  const domain = /@([^\s>]+)/.exec(mail.fromAddress)?.[1] ?? 'cargodesk.local';
  return `<${mail.id}@${domain}>`;
};

export const createSmtpTransport = (smtpUrl: string): TMailTransport => {
  // Bounded well under the worker's lease, so a hung server cannot outlive a claim.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    isCapturing: false,
    send: async (mail) => {
      const info = await transporter.sendMail({
        messageId: createMessageId(mail),
        from: mail.fromAddress,
        replyTo: mail.replyTo ?? undefined,
        to: mail.to,
        cc: mail.cc,
        bcc: mail.bcc,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: mail.attachments.map(({ filename, contentType, contentBase64 }) => ({
          filename,
          contentType,
          content: contentBase64,
          encoding: 'base64',
        })),
      });
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
};

/** Delivers nowhere: the row becomes `sent` and stays readable in the developer mailbox. */
export const createCaptureTransport = (): TMailTransport => ({
  isCapturing: true,
  send: async (mail) => ({ messageId: createMessageId(mail) }),
  close: () => {},
});
