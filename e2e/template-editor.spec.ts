import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  createCompanyUser,
  demoAccounts,
  expect,
  expectAccessible,
  newAppToken,
  signIn,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

// Issue 14: the template editor: a template created from the list, edited with the preview
// following, saved as a version, compared with and restored to an older one; a document printed.
test.describe.configure({ timeout: 120_000 });

const preview = (page: Page) => page.frameLocator('iframe[title="Template preview"]');

/**
 * Whether the preview shows a document's whole page: the frame is laid out at least as wide as an A4
 * page (793.7 CSS px), so nothing of the page is cut inside it, and drawn no wider than its space.
 */
const showsWholePage = async (page: Page) => {
  const frame = page.locator('iframe[title="Template preview"]');
  const [drawn, space, laidOut] = await Promise.all([
    frame.boundingBox(),
    page.locator('.template-preview__viewport').boundingBox(),
    frame.evaluate((element) => (element as HTMLElement).offsetWidth),
  ]);
  return Boolean(drawn && space && laidOut >= 793 && drawn.x + drawn.width <= space.x + space.width + 1);
};

/**
 * Clicks into the body's text, as a person puts the caret there. The editor takes focus and, a
 * timer of 20 ms later, puts its own idea of the selection back into the page if the page's differs
 * from what it last read; a key pressed before that timer ran was undone by it (the caret went back
 * to the start of the text on a busy machine). A timer of the page set after it runs after it.
 */
const placeCaret = async (page: Page, text: Locator) => {
  await text.click();
  await page.evaluate(() => new Promise((settled) => setTimeout(settled, 30)));
};

/** Chooses an option of an antd Select by typing to narrow it, then Enter. */
const chooseVariable = async (page: Page, path: string) => {
  const picker = page.getByRole('combobox', { name: 'Insert a variable' });
  await picker.click();
  await picker.fill(path);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(
    path,
  );
  await picker.press('Enter');
};

test('an email template is created from the list, edited with its preview, saved, compared and restored', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'editor' });
  await signIn(page, admin);
  // The dashboard's getting-started step leads to the templates.
  await page
    .getByRole('region', { name: 'Getting started' })
    .getByRole('link', { name: 'Make a template your own' })
    .click();
  await expect(page).toHaveURL(/\/settings\/templates$/);
  await page.getByRole('button', { name: 'New template' }).click();
  const creating = page.getByRole('dialog', { name: 'New template' });
  await creating.getByLabel('Name').fill('Customs hold notice');
  await expectAccessible(page, { include: '.ant-modal' });
  await creating.getByRole('button', { name: 'Create and edit' }).click();

  await expect(page).toHaveURL(/\/settings\/templates\/[0-9a-f-]{36}\/email$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Customs hold notice' })).toBeVisible();
  await expect(page.getByText('Customs hold notice created')).toBeVisible();
  await expect(preview(page).getByText('Dear Ada King,')).toBeVisible();
  await expect(page.getByText('Subject: Customs hold notice from Harbour Freight GmbH')).toBeVisible();

  // Typing in the body shows in the preview; a variable goes in as one chip.
  const body = page.getByRole('textbox', { name: 'Body' });
  await placeCaret(page, body.getByText('Dear'));
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Your shipment is held at customs. Contact ');
  await chooseVariable(page, 'user.email');
  await expect(body.locator('.template-variable')).toContainText([
    '{{ recipient.name }}',
    '{{ user.email }}',
  ]);
  await expect(
    preview(page).getByText('Your shipment is held at customs. Contact erin@harbour-freight.example'),
  ).toBeVisible();
  await expect(page.getByText('Not saved yet')).toBeVisible();

  // A name the purpose does not have is a warning; the preview leaves it empty.
  const subject = page.getByLabel('Subject', { exact: true });
  await subject.fill('Held: {{ shipment.bookingNo }}');
  await expect(page.getByText('Not a variable of this purpose: shipment.bookingNo')).toBeVisible();
  await expect(page.getByText('Subject: Held:', { exact: true })).toBeVisible();
  await subject.fill('Customs hold for {{ company.name }}');
  await expect(page.getByText('Subject: Customs hold for Harbour Freight GmbH')).toBeVisible();
  await expect(page.getByText(/Not a variable of this purpose/)).toHaveCount(0);
  await expectAccessible(page, { isFrameSkipped: true });

  await page.getByRole('button', { name: 'Save…' }).click();
  const saving = page.getByRole('dialog', { name: 'Save template' });
  await expect(saving.getByRole('radio', { name: 'Version 2 of Customs hold notice' })).toBeChecked();
  await expectAccessible(page, { include: '.ant-modal' });
  await saving.getByRole('button', { name: 'Save version 2' }).click();
  await expect(page.getByText('Saved as version 2')).toBeVisible();
  await expect(page.getByText('Not saved yet')).toHaveCount(0);
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();

  // The versions: what changed between 1 and 2, then 1 brought back as 3.
  await page.getByRole('button', { name: 'Versions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Customs hold notice' });
  await expect(drawer.getByText('Version 2 · current')).toBeVisible();
  const changes = drawer.getByRole('list', { name: 'Changes from version 1 to version 2' });
  await expect(changes.locator('.version-diff__line--added')).toContainText([
    'Subject: Customs hold for {{ company.name }}',
  ]);
  await expect(changes.locator('.version-diff__line--removed').first()).toContainText(
    'Subject: Customs hold notice from {{ company.name }}',
  );
  await expectAccessible(page, { include: '.ant-drawer' });
  await drawer.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('Version 1 restored as version 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(subject).toHaveValue('Customs hold notice from {{ company.name }}');
  await expect(body).not.toContainText('held at customs');
  await expect(preview(page).getByText('Dear Ada King,')).toBeVisible();
  await expect(page.getByText('Not saved yet')).toHaveCount(0);

  // On a phone the editor and the preview stack, with nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(body).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a seeded document is edited in its source, a syntax problem is pointed at, and it prints to PDF', async ({
  page,
  request,
}) => {
  const admin = await createCompanyUser(request, { label: 'document' });
  await signIn(page, admin, { at: '/settings/templates?type=document&language=en&q=Arrival' });
  await page.getByRole('link', { name: 'Arrival notice', exact: true }).click();
  await expect(page).toHaveURL(/\/document$/);
  await expect(preview(page).getByText('Nordic Star arrives at New York on 14 Dec 2026.')).toBeVisible();

  const source = page.getByRole('textbox', { name: 'HTML and CSS' });
  await source.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n<p>Storage is charged from day 5.</p>');
  await expect(preview(page).getByText('Storage is charged from day 5.')).toBeVisible();

  await page.keyboard.type('\n{% if %}');
  const problem = page.getByRole('alert').filter({ hasText: /^Line \d+, column \d+:/ });
  await expect(problem).toBeVisible();
  await expect(page.getByText('The preview shows again once the problem above is fixed.')).toBeVisible();
  await problem.getByRole('button', { name: /Go to line/ }).click();
  for (const _ of '{% if %}') await page.keyboard.press('Backspace');
  await expect(problem).toHaveCount(0);
  await expect(preview(page).getByText('Storage is charged from day 5.')).toBeVisible();

  // Margins and size go with the document.
  await page.getByLabel('Left margin (mm)').fill('30');
  await expectAccessible(page, { isFrameSkipped: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF with sample data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Arrival notice (sample).pdf');
  const bytes = fs.readFileSync(await download.path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  expect(text).toContain('Storage is charged from day 5.');
  expect(text).toContain('MSCU1234565');
});

test('a Viewer reads a template in the editor without a way to change it', async ({ page }) => {
  await signIn(page, demoAccounts.viewer, { at: '/settings/templates?type=email&language=en&q=Quotation' });
  await page.getByRole('link', { name: 'Quotation email', exact: true }).click();
  await expect(
    page.getByText("You can view the company's templates, but your role", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save…' })).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Body' })).toHaveAttribute('contenteditable', 'false');
  await expect(preview(page).getByText(/Our offer for Hamburg to New York/)).toBeVisible();
  await expectAccessible(page, { isFrameSkipped: true });
});

test('an unknown template says so, with the way back', async ({ page, request }) => {
  await signIn(page, await createCompanyUser(request, { label: 'editor-missing' }), {
    at: '/settings/templates/01900000-0000-7000-8000-000000000000/email',
  });
  await expect(page.getByText('No such template')).toBeVisible();
  await page.getByRole('link', { name: 'All templates' }).click();
  await expect(page).toHaveURL(/\/settings\/templates$/);
});

test('a seeded document is edited, sent as a PDF with a templated mail, and its older version restored', async ({
  page,
  request,
}, testInfo) => {
  const admin = await createCompanyUser(request, { label: 'templated-mail' });
  await signIn(page, admin, { at: '/settings/templates?type=document&language=en&q=Letter' });
  await page.getByRole('link', { name: 'Letter', exact: true }).click();
  await expect(page).toHaveURL(/\/document$/);
  const source = page.getByRole('textbox', { name: 'HTML and CSS' });
  await source.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n<p>Payment within 30 days.</p>');
  await expect(preview(page).getByText('Payment within 30 days.')).toBeVisible();
  // The whole width of the page shows, scaled to the preview's space rather than cut off.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => showsWholePage(page), { message: `at ${width} px` }).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`document-preview-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Save…' }).click();
  await page
    .getByRole('dialog', { name: 'Save template' })
    .getByRole('button', { name: 'Save version 2' })
    .click();
  await expect(page.getByText('Saved as version 2')).toBeVisible();

  // The mail: its text from the letter email, the edited letter printed and attached.
  const recipient = uniqueEmail('templated-recipient');
  const dialog = page.getByRole('dialog', { name: 'Mail composer' });
  await page.getByRole('button', { name: 'Mail' }).click();
  await dialog.getByRole('combobox', { name: 'To', exact: true }).fill(`Ada King <${recipient}>`);
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.ant-select-content .ant-tag')).toHaveText([recipient]);
  const fill = dialog.getByRole('combobox', { name: 'Fill from an email template' });
  const fillFrom = async (name: string) => {
    await fill.click();
    await fill.fill(name);
    await fill.press('Enter');
  };
  // For a German reader the German language of the same template fills the mail.
  const language = dialog.getByRole('combobox', { name: 'Template language' });
  await language.click();
  await page.locator('.ant-select-dropdown:visible').getByText('German', { exact: true }).click();
  await fillFrom('Letter email (English)');
  await expect(page.getByText('Filled in from Brief E-Mail (German)')).toBeVisible();
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue(
    /^Eine Nachricht von E2E templated-mail/,
  );
  await language.click();
  await page.locator('.ant-select-dropdown:visible').getByText('Company’s language', { exact: true }).click();
  await fillFrom('Letter email (English)');
  await expect(page.getByText('Filled in from Letter email (English)')).toBeVisible();
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue(
    /^A message from E2E templated-mail/,
  );
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toContainText('Dear Ada King,');

  const attach = dialog.getByRole('combobox', { name: 'Attach a document as PDF' });
  await attach.click();
  await attach.fill('Letter (English)');
  await attach.press('Enter');
  const printed = dialog.locator('.compose-attachment').filter({ hasText: 'Letter.pdf' });
  await expect(printed).toBeVisible({ timeout: 30_000 });
  // The PDF can be looked at before it is sent.
  const opening = page.waitForEvent('popup');
  await printed.getByRole('button', { name: 'Open Letter.pdf' }).click();
  const opened = await opening;
  await expect.poll(() => opened.url()).toMatch(/^blob:/);
  await opened.close();
  await expectAccessible(page, { include: '.ant-modal' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Your mail is on its way.')).toBeVisible();

  const mail = await waitForMail(request, { to: recipient, subject: 'A message from' });
  expect(mail.text).toContain('Dear Ada King,');
  const [attachment] = mail.attachments;
  expect(attachment).toMatchObject({ filename: 'Letter.pdf', contentType: 'application/pdf' });
  const file = await request.get(`/driveserver/api/v1/filesystem/file/${attachment?.fileId}`, {
    headers: { authorization: await newAppToken(request, admin) },
  });
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await file.body())), {
    mergePages: true,
  });
  expect(text).toContain('Payment within 30 days.');
  expect(text).toContain('Ada King');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The previous version back: the edit is gone from the editor.
  await page.getByRole('button', { name: 'Versions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Letter' });
  await drawer.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('Version 1 restored as version 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(source).not.toContainText('Payment within 30 days.');
  await expect(preview(page).getByText('Payment within 30 days.')).toHaveCount(0);

  // Used in a mail, the letter is kept: deleting it is refused.
  await page.goto('/settings/templates?type=document&language=en&q=Letter');
  await page.getByRole('button', { name: 'Delete Letter (English)' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('This template was used in a mail, so its versions are kept. Archive it instead.'),
  ).toBeVisible();
});
