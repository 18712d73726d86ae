import { messages } from '@cargodesk/shared';
import {
  createCompanyUser,
  demoAccounts,
  expect,
  expectAccessible,
  newAppToken,
  signIn,
  test,
  waitForMail,
} from './fixtures.ts';

// The mail composer (issue 6): compose, attach, send through the outbox, and follow it in Sent.

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('composes and sends a mail with an attachment and sees it sent', async ({ page, request }) => {
  // Sign-up, sign-in, an upload and the outbox worker on a shared two-core machine.
  test.slow();
  const user = await createCompanyUser(request, { label: 'composer' });
  await signIn(page, user);
  await page.getByRole('button', { name: 'Mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mail composer' });
  await expect(dialog).toBeVisible();

  // Refused before anything is sent: an address that is not one, flagged as one chip of its own
  // however many words it has.
  const to = dialog.getByLabel('To', { exact: true });
  // A field to type in, not a list to open: it says so and has no arrow.
  for (const field of ['To', 'Cc', 'Bcc']) {
    const select = dialog.locator('.ant-select', { has: page.getByLabel(field, { exact: true }) });
    await expect(select).toContainText('Type an address, or a name to search your contacts');
    await expect(select.locator('.anticon-down')).toHaveCount(0);
  }
  const chips = dialog.locator('.ant-select-content .ant-tag');
  await to.fill('ops at harbour');
  await to.press('Enter');
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toHaveClass(/ant-tag-error/);
  await expect(chips.first()).toContainText('(not an email address)');
  await dialog.getByLabel('Subject').fill('Manifest for voyage 42');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('"ops at harbour" is not an email address.')).toHaveCount(1);
  await chips.first().locator('.ant-tag-close-icon').click();
  // The server's rule for an address, not a looser one: a domain needs a real top-level part.
  await to.fill('ops@harbour.x');
  await to.press('Enter');
  await expect(dialog.getByText('"ops@harbour.x" is not an email address.')).toBeVisible();
  await chips.first().locator('.ant-tag-close-icon').click();
  // An address book line is the address in its brackets.
  await to.fill('Dana Smith <dana@client.test>');
  await to.press('Enter');
  await expect(chips).toHaveText(['dana@client.test']);
  await expect(chips.first()).not.toHaveClass(/ant-tag-error/);
  await chips.first().locator('.ant-tag-close-icon').click();

  const recipient = `dana-${Date.now()}@client.test`;
  await dialog.getByLabel('To', { exact: true }).fill(recipient);
  await dialog.getByLabel('To', { exact: true }).press('Enter');
  const body = dialog.getByRole('textbox', { name: 'Message' });
  await body.click();
  await body.pressSequentially('The manifest is attached. ');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await body.pressSequentially('Please confirm.');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'manifest.pdf', mimeType: 'application/pdf', buffer: pdf });
  // Each attachment shows its size and a Remove button; the total is a real size, not "0 MB".
  const attachment = dialog.locator('.compose-attachment').filter({ hasText: 'manifest.pdf' });
  await expect(attachment).toContainText(`${pdf.length} bytes`);
  await expect(dialog.getByText(`(${pdf.length} bytes attached)`)).toBeVisible();
  await expect(attachment.getByRole('button', { name: 'Remove manifest.pdf' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
  // On a 900 px high screen Send is in sight without scrolling to the end of the form.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeInViewport();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByText('Your mail is on its way.')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
  const row = dialog.getByRole('row').filter({ hasText: 'Manifest for voyage 42' });
  await expect(row).toContainText('manifest.pdf');
  await expect(row.getByText('sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page);

  const mail = await waitForMail(request, { to: recipient, subject: 'Manifest for voyage 42' });
  expect(mail.text).toContain('The manifest is attached. Please confirm.');
  expect(mail.html).toContain('<b>Please confirm.</b>');
});

test('Esc asks before a draft is thrown away, and closes at once when nothing is written', async ({
  page,
  request,
}) => {
  await signIn(page, await createCompanyUser(request, { label: 'draft' }));
  const dialog = page.getByRole('dialog', { name: 'Mail composer' });
  await page.getByRole('button', { name: 'Mail' }).click();
  await expect(dialog).toBeVisible();
  // Esc goes to what has the focus, and the dialog listens once it has finished opening: it is
  // pressed when the opening animation is over and the dialog holds the focus.
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Mail' }).click();
  await dialog.getByLabel('Subject').fill('Arrival notice');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard this draft?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal-wrap:last-of-type .ant-modal' });
  await ask.getByRole('button', { name: 'Keep writing' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel('Subject')).toHaveValue('Arrival notice');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  // A new composer starts empty.
  await page.getByRole('button', { name: 'Mail' }).click();
  await expect(dialog.getByLabel('Subject')).toHaveValue('');

  // The fields go in any order: a template picked before the recipient waits for one.
  const template = dialog.getByRole('combobox', { name: 'Fill from an email template' });
  await template.click();
  await template.fill('Letter email (English)');
  await template.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(
    'Letter email: filled in for the first recipient once you add one.',
  );
  await expect(dialog.getByLabel('Subject')).toHaveValue('');
  const to = dialog.getByLabel('To', { exact: true });
  await to.fill('Ada King <ada@client.test>');
  await to.press('Enter');
  await expect(page.getByText('Filled in from Letter email (English)')).toBeVisible();
  await expect(dialog.getByLabel('Subject')).toHaveValue(/^A message from E2E draft/);
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toContainText('Dear Ada King,');
  // Send stays in sight, on a 1440 × 900 screen and on a phone, however long the message.
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeInViewport();
  }
});

test('attaches a file uploaded before through the picker and sends it', async ({ page, request }) => {
  test.slow();
  const user = await createCompanyUser(request, { label: 'reattach' });
  // Uploaded earlier, as another mail or screen would have.
  const token = await newAppToken(request, user);
  const fileName = `bill-of-lading-${Date.now()}.pdf`;
  const uploaded = await request.post('/driveserver/api/v1/filesystem/file', {
    headers: { authorization: token },
    multipart: { file: { name: fileName, mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  await signIn(page, user);
  await page.getByRole('button', { name: 'Mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mail composer' });
  await expect(dialog).toBeVisible();
  const recipient = `lee-${Date.now()}@client.test`;
  await dialog.getByLabel('To', { exact: true }).fill(recipient);
  await dialog.getByLabel('To', { exact: true }).press('Enter');
  await dialog.getByLabel('Subject').fill('Bill of lading again');

  const picker = dialog.getByRole('combobox', { name: 'Add existing file' });
  await picker.click();
  // The options are replaced when the search answers: pick from the answer, not from the list before it.
  const searched = page.waitForResponse(
    (response) => response.url().includes('/filesystem/file') && response.url().includes('q=bill-of'),
  );
  await picker.fill('bill-of');
  await searched;
  // antd's role=option elements are an invisible copy for screen readers; click the visible item.
  await page.locator('.ant-select-item-option').filter({ hasText: fileName }).click();
  await expect(dialog.locator('.ant-upload-list').getByText(fileName)).toBeVisible();
  // Checked once the picker's list has closed: while it animates away, antd's unnamed listbox copy
  // is still in the page and axe's verdict depends on the moment.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByText('Your mail is on its way.')).toBeVisible();
  const row = dialog.getByRole('row').filter({ hasText: 'Bill of lading again' });
  await expect(row).toContainText(fileName);
  await expect(row.getByText('sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  await waitForMail(request, { to: recipient, subject: 'Bill of lading again' });
});

test('an expired plan shows the toast and queues nothing', async ({ page, request }) => {
  await signIn(page, demoAccounts.expiredPlan);
  await page.getByRole('button', { name: 'Mail' }).click();
  await expect(page.locator('.ant-message').getByText(messages.subscriptionExpired)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Mail composer' })).toBeHidden();

  // The server refuses as well, whatever the page does.
  const token = await newAppToken(request, demoAccounts.expiredPlan);
  const recipient = `expired-${Date.now()}@client.test`;
  const response = await request.post('/mailserver/api/v1/send', {
    headers: { authorization: token },
    data: { to: [recipient], subject: 'Should not leave' },
  });
  expect(response.status()).toBe(403);
  expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
    messages.subscriptionExpired,
  );
  const sent = await request.get('/mailserver/api/v1/sent', { headers: { authorization: token } });
  expect(((await sent.json()) as { data: unknown[] }).data).toEqual([]);
  const captured = await request.get(`/api/dev/mail?to=${encodeURIComponent(recipient)}`);
  expect(((await captured.json()) as { data: unknown[] }).data).toEqual([]);
});
