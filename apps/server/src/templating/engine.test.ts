import { templateRules, templateSamples } from '@cargodesk/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/http/errors.ts';
import { createTemplateEngine } from './engine.ts';

const engine = createTemplateEngine();
const hamburg = { locale: 'de-DE', currency: 'EUR', timeZone: 'Europe/Berlin' };
const london = { locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' };

/** The refusal a render throws, as the API's error envelope would carry it. */
const refusalOf = async (render: Promise<unknown>) => {
  const error = await render.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message, details: error.details };
};

describe('template engine', () => {
  it('fills in the data and escapes HTML in every value', async () => {
    const output = await engine.render(
      '<p>Dear {{ recipient.name }}, booking {{ shipment.reference }} is confirmed.</p>',
      { recipient: { name: '<script>alert(1)</script> & Sons' }, shipment: { reference: 'HF-1' } },
      london,
    );
    expect(output).toBe(
      '<p>Dear &lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons, booking HF-1 is confirmed.</p>',
    );
  });

  it('writes plain text unescaped, for subjects and text bodies', async () => {
    const source = 'Booking for {{ name | one_line }}';
    const data = { name: 'Smith &\n  <Sons>' };
    expect(await engine.render(source, data, london, 'text')).toBe('Booking for Smith & <Sons>');
    expect(await engine.render(source, data, london)).toBe('Booking for Smith &amp; &lt;Sons&gt;');
  });

  it('formats dates, numbers and money in the company’s language and currency', async () => {
    const source =
      '{{ day | local_date }} · {{ weight | number }} kg · {{ total | money }} · {{ fee | money }} · {{ rate | number: 2 }}';
    const data = {
      day: '2026-12-02',
      weight: 18250,
      total: { amount: 3120.75, currency: 'USD' },
      fee: 95,
      rate: 0.5,
    };
    expect(await engine.render(source, data, hamburg)).toBe(
      '02.12.2026 · 18.250 kg · 3.120,75\u00a0$ · 95,00\u00a0€ · 0,50',
    );
    expect(await engine.render(source, data, london)).toBe(
      '2 Dec 2026 · 18,250 kg · US$3,120.75 · £95.00 · 0.50',
    );
  });

  it('refuses a name the data does not have, saying which and where', async () => {
    const refusal = await refusalOf(
      engine.render('Hello\n  {{ recipient.nmae }}', templateSamples.other, london),
    );
    expect(refusal).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('recipient.nmae'),
      details: { problems: [{ line: 2, column: 6 }] },
    });
  });

  it('reports a syntax problem with its line and column, and refuses to render it', async () => {
    const source = 'Dear {{ recipient.name }},\n{% if shipment.vessel %}\nOn board {{ shipment.vessel }}';
    expect(engine.check(source, templateSamples['booking-confirmation'])).toMatchObject({
      problems: [{ line: 2, column: 1, message: expect.stringMatching(/if.*not closed/) }],
    });
    expect(
      (await refusalOf(engine.render(source, templateSamples['booking-confirmation'], london))).code,
    ).toBe('VALIDATION_FAILED');
  });

  it('warns about variables a purpose does not offer, and knows lists’ own properties', () => {
    const source =
      '{{ shipment.reference }} {{ shipment.containers.size }} {{ shipment.containers[0].number }} {{ shipment.bookingNo }} {{ price }}';
    expect(engine.check(source, templateSamples['booking-confirmation'])).toEqual({
      problems: [],
      unknownVariables: ['shipment.bookingNo', 'price'],
    });
  });

  it('reads nothing it was not given: no prototype, no constructor, no file', async () => {
    const data = { recipient: { name: 'Ada' } };
    for (const source of [
      '{{ recipient.constructor }}',
      '{{ recipient.__proto__ }}',
      '{{ recipient.name.constructor.constructor }}',
      "{% include '/etc/passwd' %}",
      "{% render 'package.json' %}",
      "{% layout '../../../../etc/hostname' %}",
    ]) {
      const refusal = await refusalOf(engine.render(source, data, london));
      expect(refusal.code, source).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(refusal), source).not.toMatch(/root:|"name":\s*"@cargodesk/);
    }
  });

  it('stops a template that loops too long or writes too much', async () => {
    const forever = await refusalOf(
      engine.render('{% for i in (1..100000000) %}{{ i }}{% endfor %}', {}, london),
    );
    expect(forever).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/too long|too large/),
    });

    const slow = await refusalOf(
      engine.render(
        '{% for i in (1..2000) %}{% for j in (1..2000) %}{% if j == 0 %}x{% endif %}{% endfor %}{% endfor %}',
        {},
        london,
      ),
    );
    expect(slow.message).toMatch(/too long or grew too large/);

    const doubling =
      '{% assign text = "xxxxxxxxxxxxxxxx" %}{% for i in (1..18) %}{% assign text = text | append: text %}{% endfor %}{{ text }}';
    const huge = await refusalOf(engine.render(doubling, {}, london));
    expect(huge).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/too (long|large)|more than/),
    });
  });

  it('refuses a body past the limit before parsing it', async () => {
    const body = 'x'.repeat(templateRules.bodyMaxLength + 1);
    expect(() => engine.check(body, {})).toThrow(AppError);
    expect((await refusalOf(engine.render(body, {}, london))).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('renders every purpose’s sample in full', async () => {
    for (const [purpose, sample] of Object.entries(templateSamples)) {
      const output = await engine.render(
        '{{ company.name }} for {{ recipient.name }} on {{ today | local_date }}',
        sample,
        london,
      );
      expect(output, purpose).toBe('Harbour Freight GmbH for Ada King on 23 Nov 2026');
    }
  });
});
