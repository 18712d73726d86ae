import type { FastifyInstance } from 'fastify';
import type { TDemoLogin } from './cli/demo-seed.ts';

/** Printed once the server listens: where it is and how to sign in to the demo. */
export const printStartBanner = (app: FastifyInstance, demoLogin: TDemoLogin | undefined) => {
  const { publicUrl } = app.config;
  const database = app.database.kind === 'pglite' ? `embedded PGlite in ${app.config.dataDir}` : 'PostgreSQL';
  const lines = [`Cargodesk is running at ${publicUrl}  (database: ${database})`];
  if (demoLogin) {
    for (const account of demoLogin.accounts) {
      lines.push(
        `${account.label}: ${account.email}  password: ${demoLogin.password}  (${account.companyName})`,
      );
    }
    lines.push('  (the password is the one first generated; change it after signing in)');
  }
  lines.push(
    app.pdf.chromiumPath
      ? `PDF rendering: Chromium at ${app.pdf.chromiumPath}`
      : `PDF rendering is off: ${app.pdf.unavailableReason}`,
  );
  if (app.mailer.hasDevMailbox) {
    lines.push(`Outgoing mail is captured (no SMTP_URL): read it at ${publicUrl}/dev/mail from this machine`);
  } else if (app.mailer.isCapturing) {
    lines.push('Outgoing mail is captured, not sent: set SMTP_URL to deliver it');
  }
  console.log(['', ...lines.map((line) => `  ${line}`), ''].join('\n'));
};
