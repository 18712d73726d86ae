import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { TMailRow } from './outbox.ts';

/** An attachment ready to send: the bytes streamed from the file store (or, for old mails, inline). */
export type TMailContent = { filename: string; contentType: string; content: Readable | Buffer };

export type TMailTransport = {
  /** True for the capture transport: mails go nowhere and the developer mailbox shows them. */
  isCapturing: boolean;
  send: (mail: TMailRow, attachments: TMailContent[]) => Promise<{ messageId: string }>;
  close: () => void;
};

/** Stable per mail, so a retry after an unclear failure carries the same Message-ID. */
const createMessageId = (mail: TMailRow) => {
  const domain = /@([^\s>]+)/.exec(mail.fromAddress)?.[1] ?? 'cargodesk.local';
  return `<${mail.id}@${domain}>`;
};

/**
 * Nodemailer's limits: to open the connection, to hear the server's greeting, and of silence on an
 * open connection. Each is well under the worker's deadline for one send (`sendTimeoutMs`), so a
 * server that stops answering fails the send itself rather than running into the deadline.
 */
export const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export const createSmtpTransport = (smtpUrl: string): TMailTransport => {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts });
  return {
    isCapturing: false,
    send: async (mail, attachments) => {
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
        // Streams are read as the message is written to the socket: never whole in memory.
        attachments: attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
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
