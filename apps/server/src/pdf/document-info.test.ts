import { describe, expect, it } from 'vitest';
import { pdfProductName, stampProductInfo } from './document-info.ts';

// A PDF laid out as Chromium writes it: objects, one cross-reference table, a trailer naming Info.
const pdfWithInfo = (info: string) => {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', info];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

const infoOf = (pdf: Buffer) => /3 0 obj\n([\s\S]*?)\nendobj/.exec(pdf.toString('latin1'))?.[1] ?? '';

describe('the PDF Info dictionary', () => {
  it('names the product as Creator and Producer, at the same length', () => {
    const original = pdfWithInfo(
      '<< /Title (Invoice) /Creator (Mozilla/5.0 HeadlessChrome/156) /Producer (Skia/PDF m156) >>',
    );
    const stamped = stampProductInfo(original);
    expect(stamped.length).toBe(original.length);
    expect(infoOf(stamped)).toMatch(
      new RegExp(`/Creator \\(${pdfProductName}\\) +/Producer \\(${pdfProductName}\\) +>>`),
    );
    expect(stamped.toString('latin1')).not.toContain('HeadlessChrome');
  });

  it('reads a title that spells a key as the title it is', () => {
    for (const title of ['(/Creator x)', '(/Creator<)', '(a \\) /Producer \\( b)', '<2F43726561746F72>']) {
      const original = pdfWithInfo(
        `<< /Title ${title} /Creator (HeadlessChrome) /Producer (Skia/PDF m156) >>`,
      );
      const info = infoOf(stampProductInfo(original));
      expect(info, title).toContain(`/Title ${title} /Creator (${pdfProductName})`);
      expect(info, title).not.toContain('HeadlessChrome');
      expect(info, title).not.toContain('Skia');
    }
  });
});
