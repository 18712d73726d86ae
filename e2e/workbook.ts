import { strToU8, zipSync } from 'fflate';

// A small Excel workbook (.xlsx) made in the test, as a spreadsheet would save one: a zip of XML
// parts with one sheet. Text cells are inline strings, numbers plain values.

const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const spreadsheet = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const columnName = (index: number) => String.fromCharCode(65 + index);

const cellXml = (value: string | number, reference: string) =>
  typeof value === 'number'
    ? `<c r="${reference}"><v>${value}</v></c>`
    : `<c r="${reference}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;

export const workbookOf = (rows: (string | number)[][]) => {
  const sheetRows = rows
    .map(
      (row, rowIndex) =>
        `<row r="${rowIndex + 1}">${row.map((value, index) => cellXml(value, `${columnName(index)}${rowIndex + 1}`)).join('')}</row>`,
    )
    .join('');
  const part = (xml: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${xml}`);
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': part(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
      '_rels/.rels': part(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      'xl/workbook.xml': part(
        `<workbook xmlns="${spreadsheet}" xmlns:r="${relationships}"><sheets><sheet name="Kunden" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': part(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      'xl/worksheets/sheet1.xml': part(
        `<worksheet xmlns="${spreadsheet}"><sheetData>${sheetRows}</sheetData></worksheet>`,
      ),
    }),
  );
};
