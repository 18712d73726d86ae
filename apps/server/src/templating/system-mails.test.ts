import { describe, expect, it } from 'vitest';
import { renderSystemMail } from './system-mails.ts';

describe('system mails', () => {
  it('writes the invitation with the names as given in text, escaped in HTML, on one subject line', async () => {
    const mail = await renderSystemMail('invitation', {
      link: 'https://cargodesk.example/auth/action?mode=resetPassword&oobCode=abc',
      inviterName: 'Ada "The Boss"\nKing',
      companyName: 'Smith & <Sons>',
    });
    expect(mail.subject).toBe(
      'Ada "The Boss" King invited you to Smith & <Sons> on Cargodesk — set your password',
    );
    expect(mail.text).toContain('Ada "The Boss"\nKing invited you to join Smith & <Sons> on Cargodesk.');
    expect(mail.text).toContain('https://cargodesk.example/auth/action?mode=resetPassword&oobCode=abc');
    expect(mail.html).toContain('Ada &#34;The Boss&#34;\nKing invited you to join Smith &amp; &lt;Sons&gt;');
    expect(mail.html).toContain(
      '<a href="https://cargodesk.example/auth/action?mode=resetPassword&amp;oobCode=abc">Set your password</a>',
    );
  });

  it('has a subject, a text and where it has one an HTML body for each mail', async () => {
    const link = 'https://cargodesk.example/x';
    expect(await renderSystemMail('verify-email', { link })).toMatchObject({
      subject: 'Verify your email for Cargodesk',
      text: expect.stringContaining(link),
      html: expect.stringContaining('Verify email</a>'),
    });
    expect(await renderSystemMail('password-reset', { link })).toMatchObject({
      subject: 'Reset your Cargodesk password',
      html: expect.stringContaining('Reset password</a>'),
    });
    expect(await renderSystemMail('sign-in-code', { code: '042917' })).toEqual({
      subject: 'Your Cargodesk sign-in code: 042917',
      text: expect.stringContaining('Your Cargodesk sign-in code is 042917\n'),
    });
  });

  it('refuses to send a mail whose data lacks a name its template uses', async () => {
    await expect(renderSystemMail('sign-in-code', {} as { code: string })).rejects.toThrow(/code/);
  });
});
