// Portal: QR label templates and their PDF, documents, service form, contact form, sub-users.
// The PDFs are downloaded like a customer would and parsed: every label draws exactly one code image
// (a `Do` operator in the page content), so images per page = labels per page.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import { pdfToText } from '../api/pdf-text.ts';
import { hydrated, loginLab as login, storeConsent } from './helpers.ts';

const B = '/de/de';
const T = de as Record<string, string>;

storeConsent();

/** Two article numbers of the lab's favourites (or of its order history). */
async function twoArticles(page: Page): Promise<string[]> {
  const fav = await page.request.get('/api/favoriten/liste/0');
  const items = ((await fav.json()).result?.items ?? []) as { Artikelnummer: string }[];
  const arts = items.map((i) => i.Artikelnummer);
  expect(arts.length).toBeGreaterThanOrEqual(2);
  return arts.slice(0, 2);
}

/** The content-stream operators of each page. */
async function pageOps(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => {
    const contents = p.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    let ops = '';
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      ops += s.dict.get(PDFName.of('Filter')) ? zlib.inflateSync(s.contents).toString('latin1') : Buffer.from(s.contents).toString('latin1');
    }
    return ops;
  });
}

/** Code images drawn per page. */
async function imagesPerPage(bytes: Uint8Array): Promise<number[]> {
  return (await pageOps(bytes)).map((ops) => [...ops.matchAll(/\/\S+ Do\b/g)].length);
}

/** The text as printed (the embedded Unicode font draws glyph ids, not letters). */
const pdfText = async (bytes: Uint8Array): Promise<string> => pdfToText(bytes);


test('a label template created in the UI prints rows × columns labels per page', async ({ page }) => {
  await login(page);
  const arts = await twoArticles(page);
  const name = `E2E 2×4 ${Date.now()}`;
  await page.goto(`${B}/label/create/advanced`);
  await hydrated(page, '[data-testid="template-form"]');
  const form = page.getByTestId('template-form');
  await form.getByLabel(T['label.name']!).fill(name);
  // the label text ends in the required asterisk
  const fieldOf = (key: string) => form.getByLabel(new RegExp(`^${T[key]!.replace(/[()]/g, '\\$&')}( \\*)?$`));
  const fill = async (key: string, v: string) => fieldOf(key).fill(v);
  await fill('label.rows', '4'); await fill('label.columns', '2');
  await fill('label.width', '90'); await fill('label.height', '60');
  for (const k of ['label.margin_top', 'label.margin_right', 'label.margin_bottom', 'label.margin_left']) await fill(k, '10');
  await fill('label.padding', '2'); await fill('label.non_printable', '3'); await fill('label.offset', '0');
  await expect(page.getByTestId('sheet-preview')).toHaveAttribute('data-labels', '8');
  await form.getByRole('button', { name: T['label.create'] }).click();
  await page.waitForURL(/\/label\/select\/?#QRTemplates$/);
  const card = page.locator('[data-template]').filter({ hasText: name });
  await expect(card).toBeVisible();
  const id = Number(await card.getAttribute('data-template'));

  try {
    await card.getByRole('link', { name: T['label.print'], exact: true }).click();
    await page.waitForURL(/\/label\/print\/?\?template=\d+$/);
    await hydrated(page, '#pt-template');
    await expect(page.locator('#pt-template')).toHaveValue(String(id));
    for (const a of arts) {
      await page.locator('[data-field="artnr"]').fill(a);
      await page.getByRole('button', { name: T['label.add_article'] }).click();
    }
    await page.getByLabel(`${T['label.count']} ${arts[0]}`).fill('7');
    await page.getByLabel(`${T['label.count']} ${arts[1]}`).fill('5');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-pdf').click()]);
    const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    // 12 labels on a 4 × 2 sheet: 8 on the first page, 4 on the second
    expect(await imagesPerPage(bytes)).toEqual([8, 4]);
    // the article text on the labels
    const text = await pdfText(bytes);
    for (const a of arts) expect(text).toContain(a);
    const size = (await PDFDocument.load(bytes)).getPage(0).getSize();
    expect(Math.round(size.width / 72 * 25.4)).toBe(210);
    await expect(page.getByTestId('print-result')).toBeVisible();

    // starting at label 7 of a used sheet: 2 on the first page, 8 + 2 after
    await page.locator('#pt-offset').fill('6');
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-pdf').click()]);
    expect(await imagesPerPage(new Uint8Array(fs.readFileSync((await again.path())!)))).toEqual([2, 8, 2]);

    // edit in the UI: 3 rows → 6 labels per page
    await page.goto(`${B}/label/select`);
    await hydrated(page, '#QRTemplates');
    await card.getByRole('link', { name: `${T['label.edit']}: ${name}` }).click();
    await page.waitForURL(new RegExp(`/label/edit/${id}/?$`));
    await hydrated(page, '[data-testid="template-form"]');
    await expect(fieldOf('label.rows')).toHaveValue('4');
    await fieldOf('label.rows').fill('3');
    await expect(page.getByTestId('sheet-preview')).toHaveAttribute('data-labels', '6');
    await form.getByRole('button', { name: T['label.save'] }).click();
    await page.waitForURL(/\/label\/select\/?#QRTemplates$/);
    await expect(card).toContainText(T['label.per_page']!.replace('{{count, number}}', '6'));

    // delete in the UI, after the confirmation
    await card.getByRole('button', { name: `${T['label.delete']}: ${name}` }).click();
    await page.locator('dialog[open]').getByRole('button', { name: T['dialog.confirm'] }).click();
    await expect(card).toHaveCount(0);
    expect((await page.request.get(`/api/labels/templates/${id}`)).status()).toBe(404);
  } finally {
    await page.request.delete(`/api/labels/templates/${id}`);
  }
});

test('the label sheets to start from are named in the customer\'s language, with its decimal separator', async ({ page }) => {
  await login(page);
  const NB = '\u00a0';
  for (const [lang, roll, sheet] of [['fr', 'Rouleau d’étiquettes', '99,1 × 38,1'], ['en', 'Label roll', '99.1 × 38.1']] as const) {
    await page.goto(`/de/${lang}/label/create`);
    const options = page.locator('select[name="preset"] option');
    await expect(options).toHaveCount(4);
    const names = await options.allTextContents();
    expect(names).toContain(`${roll} 57 × 32${NB}mm`);
    expect(names).toContain(`A4 2 × 7 (${sheet}${NB}mm)`);
    expect(names.join(' ')).not.toContain('Etikettenrolle');
    // the first sheet names the new template, in the same words
    await expect(page.getByTestId('template-form').locator('input[name="name"]')).toHaveValue(names[0]!);
  }
});

test('an order list is printed from label/select: one label per article of the list', async ({ page }) => {
  await login(page);
  const fav = (await (await page.request.get('/api/favoriten/liste/0')).json()).result.items as { Artikelnummer: string }[];
  const tpl = await page.request.post('/api/labels/templates', { data: {
    name: `E2E Liste ${Date.now()}`, rows: 5, cols: 2, width: 80, height: 40, margins: { top: 10, right: 10, bottom: 10, left: 10 }, code_type: 'datamatrix',
  } });
  expect(tpl.status()).toBe(200);
  const id = (await tpl.json()).result.id as number;
  try {
    await page.goto(`${B}/label/select`);
    await hydrated(page, '#QRTemplates');
    await page.getByLabel(T['label.print_list']!).selectOption('0');
    await page.getByRole('button', { name: T['label.to_list_print'] }).click();
    await page.waitForURL(/\/label\/liste\/0\/?$/);
    await hydrated(page, '#pt-template');
    await page.locator('#pt-template').selectOption(String(id));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-pdf').click()]);
    const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
    const perPage = await imagesPerPage(bytes);
    expect(perPage.reduce((a, b) => a + b, 0)).toBe(fav.length);
    expect(perPage.every((n) => n <= 10)).toBe(true);
    const text = await pdfText(bytes);
    for (const a of fav) expect(text).toContain(a.Artikelnummer);
  } finally {
    await page.request.delete(`/api/labels/templates/${id}`);
  }
});

test('printing without a template shows "print template required"', async ({ page }) => {
  await login(page);
  const [art] = await twoArticles(page);
  await page.goto(`${B}/label/print/${encodeURIComponent(art!)}`);
  await hydrated(page, '#pt-template');
  await expect(page.getByTestId('print-items')).toContainText(art!);
  await expect(page.locator('#pt-template')).toHaveValue('');
  let printed = false;
  page.on('request', (r) => { if (r.url().includes('/api/labels/print')) printed = true; });
  await page.getByTestId('print-pdf').click();
  await expect(page.getByTestId('template-error')).toHaveText(T.print_template_required!);
  await expect(page.locator('#pt-template')).toBeFocused();
  expect(printed).toBe(false);
});

test('documents of a type are listed and download as PDF', async ({ page }) => {
  await login(page);
  await page.goto(`${B}/dokumente/typ/rechnung`);
  const rows = page.getByTestId('documents-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(5);
  await expect(page.getByRole('link', { name: new RegExp(`^${T['documents.type.lieferschein']}`) })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), rows.first().getByRole('link').click()]);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(download.suggestedFilename()).toMatch(/^rechnung-.+\.pdf$/);
});

test('a return needs a photo and then answers its reference number', async ({ page }) => {
  await login(page);
  const [art] = await twoArticles(page);
  await page.goto(`${B}/service/retoure?form=retoure`);
  await hydrated(page, '[data-testid="service-form"]');
  const form = page.getByTestId('service-form');
  await expect(form).toHaveAttribute('data-type', 'retoure');
  await form.getByLabel(T['form.order_number']!).fill('5200123');
  await form.getByLabel(T['form.product']!).fill(art!);
  await form.getByLabel(T['form.quantity']!).fill('2');
  await form.getByLabel(T['form.reason']!).selectOption({ label: T['form.reason.defective']! });
  await form.getByLabel(T['form.description']!).fill('Verpackung beschädigt, Inhalt gebrochen.');
  await form.getByRole('button', { name: T['form.submit'] }).click();
  await expect(page.getByTestId('photo-error')).toHaveText(T.service_photo_required!);
  await expect(page.getByTestId('service-success')).toHaveCount(0);

  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0c8d0' } }).png().toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: 'schaden.png', mimeType: 'image/png', buffer: png });
  await expect(form.locator('.pt-photos__item')).toHaveCount(1);
  await expect(page.getByTestId('photo-error')).toHaveCount(0);
  await form.getByRole('button', { name: T['form.submit'] }).click();
  await expect(page.getByTestId('referenz')).toHaveText(/^RT-\d{4}-\d{6}$/);
});

test('contact form: every required field is checked, then it is sent', async ({ page }) => {
  await page.goto(`${B}/kontakt/`);
  const form = page.getByTestId('contact-form');
  // the form ships no JavaScript until the visitor reaches it (pointer, focus, touch or key)
  await expect(page.locator('astro-island', { has: form })).toHaveAttribute('ssr', '');
  await form.hover();
  await hydrated(page, '[data-testid="contact-form"]');
  await form.getByRole('button', { name: T['form.submit'] }).click();
  // section 5: date, e-mail, first and last name, message, phone, article number, salutation, time
  await expect(form.locator('.sh-field__error')).toHaveCount(9);
  await expect(form.getByLabel(T['form.salutation']!)).toBeFocused();
  await form.getByLabel(T['form.salutation']!).selectOption('W');
  await form.getByLabel(T['form.firstname']!).fill('Erika');
  await form.getByLabel(T['form.lastname']!).fill('Muster');
  await form.getByLabel(T['form.email']!).fill('erika@');
  await form.getByLabel(T['form.phone']!).fill('abc');
  await form.getByLabel(T['form.date']!).fill('2030-05-04');
  await form.getByLabel(T['form.time']!).fill('10:30');
  await form.getByLabel(T['form.product']!).fill('4711');
  await form.getByLabel(T['form.message']!).fill('Bitte um Rückruf zur Bestellung.');
  await form.getByRole('button', { name: T['form.submit'] }).click();
  await expect(form.locator('.sh-field__error')).toHaveCount(2);
  await expect(form.getByText(T.invalid_email!)).toBeVisible();
  await expect(form.getByText(T.invalid_phone!)).toBeVisible();
  await form.getByLabel(T['form.email']!).fill('erika@example.com');
  await form.getByLabel(T['form.phone']!).fill('+49 40 1234567');
  await form.getByRole('button', { name: T['form.submit'] }).click();
  await expect(page.getByTestId('referenz')).toHaveText(/^KT-\d{4}-\d{6}$/);
});

test('a sub-user is created, changed and removed in the UI and appears in the user-select list', async ({ page }) => {
  await login(page);
  const last = `Tester${Date.now().toString().slice(-6)}`;
  await page.goto(`${B}/logbuch/user/create`);
  await hydrated(page, '[data-testid="user-form"]');
  const form = page.getByTestId('user-form');
  await form.getByRole('button', { name: T['logbuch_user.save'] }).click();
  await expect(form.getByText(T['logbuch_user.function_required']!)).toBeVisible();
  await form.getByLabel(T['form.firstname']!).fill('Emil');
  await form.getByLabel(T['form.lastname']!).fill(last);
  await form.getByRole('checkbox', { name: new RegExp(T['function.K09']!) }).check();
  await form.getByRole('button', { name: T['logbuch_user.save'] }).click();
  await page.waitForURL(/\/logbuch\/user\/?$/);
  const list = page.getByTestId('user-admin-list');
  await expect(list).toContainText(`Emil ${last}`);
  await hydrated(page, '[data-testid="user-admin-list"]');
  await page.getByRole('button', { name: T['nav.change_user'] }).click();
  const panel = page.getByTestId('user-select');
  await expect(panel).toContainText(`Emil ${last}`);
  await expect(panel.locator('li', { hasText: last })).toContainText(T['function.K09']!);
  const users = (await (await page.request.get('/api/user/subusers')).json()).result as { id: number; nachname: string; funktionen: string[] }[];
  const created = users.find((u) => u.nachname === last)!;
  try {
    // change: buyer → technician
    await page.goto(`${B}/logbuch/user/${created.id}`);
    await hydrated(page, '[data-testid="user-form"]');
    await expect(form.getByLabel(T['form.lastname']!)).toHaveValue(last);
    await form.getByRole('checkbox', { name: new RegExp(T['function.K09']!) }).uncheck();
    await form.getByRole('checkbox', { name: new RegExp(T['function.K13']!) }).check();
    await form.getByRole('button', { name: T['logbuch_user.save'] }).click();
    await page.waitForURL(/\/logbuch\/user\/?$/);
    await expect(list.locator('li', { hasText: last })).toContainText(T['function.K13']!);
    await expect(list.locator('li', { hasText: last })).not.toContainText(T['function.K09']!);

    // remove, after the confirmation
    await page.goto(`${B}/logbuch/user/${created.id}`);
    await hydrated(page, '[data-testid="user-form"]');
    await form.getByRole('button', { name: T['logbuch_user.delete'] }).click();
    await page.locator('dialog[open]').getByRole('button', { name: T['dialog.confirm'] }).click();
    await page.waitForURL(/\/logbuch\/user\/?$/);
    await expect(list).toBeVisible();
    await expect(list).not.toContainText(last);
  } finally {
    await page.request.delete(`/api/user/subusers/${created.id}`);
  }
});

test('the newsletter consent is given and withdrawn in the account and kept', async ({ page }) => {
  await login(page);
  const stored = async () => (await (await page.request.get('/api/user/infos')).json()).result.Newsletter as number;
  const before = await stored();
  const box = page.locator('#meine_newsletter').getByRole('checkbox', { name: T['account.newsletter_consent'] });
  const toggle = async () => {
    await page.goto(`${B}/konto/#meine_newsletter`);
    await hydrated(page, '#meine_newsletter');
    await expect(box).toBeEnabled();
    const was = await box.isChecked();
    const saved = page.waitForResponse((r) => r.url().includes('/api/user/kundendaten') && r.request().method() === 'PUT');
    await box.click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(box).toBeEnabled();
    await expect(box).toBeChecked({ checked: !was });
    expect(await stored()).toBe(was ? 0 : 1);
  };
  await toggle();
  await toggle(); // back to the lab's own choice
  expect(await stored()).toBe(before);
});
