import { defaultTemplatePage, type TTemplatePurpose, templatePurposes } from '@cargodesk/shared';

// The templates every company starts with: for each purpose an email and a document, in English
// and German, written in the template language and using only the purpose's own variables (the
// tests render each with the purpose's sample data).

type TLanguage = 'en' | 'de';

type TWording = {
  /** The document's heading and the template's name. */
  title: string;
  subject: string;
  /** The purpose's own paragraphs, between the greeting and the closing. */
  lines: string[];
};

const shipmentLines: Record<TLanguage, string> = {
  en: 'From {{ shipment.portOfLoading.name }} to {{ shipment.portOfDischarge.name }} on {{ shipment.vessel }}, voyage {{ shipment.voyage }}.',
  de: 'Von {{ shipment.portOfLoading.name }} nach {{ shipment.portOfDischarge.name }} mit {{ shipment.vessel }}, Reise {{ shipment.voyage }}.',
};

const wording: Record<TTemplatePurpose, Record<TLanguage, TWording>> = {
  'booking-confirmation': {
    en: {
      title: 'Booking confirmation',
      subject: 'Booking {{ shipment.reference }} confirmed',
      lines: [
        'Your booking {{ shipment.reference }} is confirmed.',
        shipmentLines.en,
        'Departure {{ shipment.departureDate | local_date }}, arrival {{ shipment.arrivalDate | local_date }}.',
      ],
    },
    de: {
      title: 'Buchungsbestätigung',
      subject: 'Buchung {{ shipment.reference }} bestätigt',
      lines: [
        'Ihre Buchung {{ shipment.reference }} ist bestätigt.',
        shipmentLines.de,
        'Abfahrt {{ shipment.departureDate | local_date }}, Ankunft {{ shipment.arrivalDate | local_date }}.',
      ],
    },
  },
  'arrival-notice': {
    en: {
      title: 'Arrival notice',
      subject: 'Arrival notice for {{ shipment.reference }}',
      lines: [
        '{{ shipment.vessel }} arrives at {{ shipment.portOfDischarge.name }} on {{ shipment.arrivalDate | local_date }}.',
        'Charges due before release: {{ charges.total | money }}.',
      ],
    },
    de: {
      title: 'Ankunftsmeldung',
      subject: 'Ankunftsmeldung für {{ shipment.reference }}',
      lines: [
        '{{ shipment.vessel }} erreicht {{ shipment.portOfDischarge.name }} am {{ shipment.arrivalDate | local_date }}.',
        'Vor der Freigabe fällige Kosten: {{ charges.total | money }}.',
      ],
    },
  },
  'house-bill-of-lading': {
    en: {
      title: 'House bill of lading',
      subject: 'House bill of lading {{ shipment.reference }}',
      lines: [
        'Shipper: {{ shipper.name }}, {{ shipper.address }}',
        'Consignee: {{ consignee.name }}, {{ consignee.address }}',
        'Goods: {{ goods }}',
        shipmentLines.en,
      ],
    },
    de: {
      title: 'House Bill of Lading',
      subject: 'House Bill of Lading {{ shipment.reference }}',
      lines: [
        'Versender: {{ shipper.name }}, {{ shipper.address }}',
        'Empfänger: {{ consignee.name }}, {{ consignee.address }}',
        'Ware: {{ goods }}',
        shipmentLines.de,
      ],
    },
  },
  'sea-waybill': {
    en: {
      title: 'Sea waybill',
      subject: 'Sea waybill {{ shipment.billOfLadingNumber }} for {{ shipment.reference }}',
      lines: [
        'Shipper: {{ shipper.name }}, {{ shipper.address }}',
        'Consignee: {{ consignee.name }}, {{ consignee.address }}',
        'Goods: {{ goods }}',
        shipmentLines.en,
        'Non-negotiable: the goods are delivered to the consignee named here.',
      ],
    },
    de: {
      title: 'Seefrachtbrief',
      subject: 'Seefrachtbrief {{ shipment.billOfLadingNumber }} für {{ shipment.reference }}',
      lines: [
        'Versender: {{ shipper.name }}, {{ shipper.address }}',
        'Empfänger: {{ consignee.name }}, {{ consignee.address }}',
        'Ware: {{ goods }}',
        shipmentLines.de,
        'Nicht begebbar: die Ware wird an den hier genannten Empfänger ausgeliefert.',
      ],
    },
  },
  'house-air-waybill': {
    en: {
      title: 'House air waybill',
      subject: 'House air waybill {{ shipment.airWaybillNumber }} for {{ shipment.reference }}',
      lines: [
        'Shipper: {{ shipper.name }}, {{ shipper.address }}',
        'Consignee: {{ consignee.name }}, {{ consignee.address }}',
        'Goods: {{ goods }}',
        'From {{ shipment.portOfLoading.name }} to {{ shipment.portOfDischarge.name }} on flight {{ shipment.flight }}.',
      ],
    },
    de: {
      title: 'House Air Waybill',
      subject: 'House Air Waybill {{ shipment.airWaybillNumber }} für {{ shipment.reference }}',
      lines: [
        'Versender: {{ shipper.name }}, {{ shipper.address }}',
        'Empfänger: {{ consignee.name }}, {{ consignee.address }}',
        'Ware: {{ goods }}',
        'Von {{ shipment.portOfLoading.name }} nach {{ shipment.portOfDischarge.name }} mit Flug {{ shipment.flight }}.',
      ],
    },
  },
  quotation: {
    en: {
      title: 'Quotation',
      subject: 'Quotation {{ quote.reference }}',
      lines: [
        'Our offer for {{ quote.route }}: {{ quote.total | money }}.',
        'The offer is valid until {{ quote.validUntil | local_date }}.',
      ],
    },
    de: {
      title: 'Angebot',
      subject: 'Angebot {{ quote.reference }}',
      lines: [
        'Unser Angebot für {{ quote.route }}: {{ quote.total | money }}.',
        'Das Angebot gilt bis {{ quote.validUntil | local_date }}.',
      ],
    },
  },
  'invoice-email': {
    en: {
      title: 'Invoice',
      subject: 'Invoice {{ invoice.number }}',
      lines: [
        'Invoice {{ invoice.number }} of {{ invoice.total | money }} is due on {{ invoice.dueDate | local_date }}.',
      ],
    },
    de: {
      title: 'Rechnung',
      subject: 'Rechnung {{ invoice.number }}',
      lines: [
        'Die Rechnung {{ invoice.number }} über {{ invoice.total | money }} ist am {{ invoice.dueDate | local_date }} fällig.',
      ],
    },
  },
  invitation: {
    en: {
      title: 'Invitation',
      subject: '{{ user.name }} invites you to {{ company.name }}',
      lines: [
        '{{ user.name }} invites you to work with {{ company.name }} on Cargodesk.',
        'Open this link to join: {{ invitation.link }}',
      ],
    },
    de: {
      title: 'Einladung',
      subject: '{{ user.name }} lädt Sie zu {{ company.name }} ein',
      lines: [
        '{{ user.name }} lädt Sie ein, mit {{ company.name }} in Cargodesk zu arbeiten.',
        'Über diesen Link treten Sie bei: {{ invitation.link }}',
      ],
    },
  },
  other: {
    en: { title: 'Letter', subject: 'A message from {{ company.name }}', lines: ['…'] },
    de: { title: 'Brief', subject: 'Eine Nachricht von {{ company.name }}', lines: ['…'] },
  },
};

const greeting: Record<TLanguage, string> = {
  en: 'Dear {{ recipient.name }},',
  de: 'Guten Tag {{ recipient.name }},',
};
const closing: Record<TLanguage, string> = { en: 'Kind regards,', de: 'Mit freundlichen Grüßen' };
const emailSuffix: Record<TLanguage, string> = { en: 'email', de: 'E-Mail' };
const containerHeadings: Record<TLanguage, [string, string, string]> = {
  en: ['Container', 'Type', 'Weight'],
  de: ['Container', 'Typ', 'Gewicht'],
};

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${line}</p>`);
const signature = (language: TLanguage) =>
  `<p>${closing[language]}<br>{{ user.name }}<br>{{ company.name }}</p>`;

/** The purposes whose sample data carries a shipment, whose documents list its containers. */
const shipmentPurposes = new Set<TTemplatePurpose>([
  'booking-confirmation',
  'arrival-notice',
  'house-bill-of-lading',
  'sea-waybill',
  'house-air-waybill',
]);

const cargoHeadings: Record<TLanguage, [string, string, string, string]> = {
  en: ['Packages', 'Description', 'HS code', 'Gross weight'],
  de: ['Packstücke', 'Beschreibung', 'HS-Code', 'Bruttogewicht'],
};
const chargeHeadings: Record<TLanguage, [string, string]> = {
  en: ['Charge', 'Amount'],
  de: ['Kosten', 'Betrag'],
};

/** The shipment's cargo lines: what a bill or notice describes the goods by. */
const cargoTable = (language: TLanguage) => {
  const [packages, description, hsCode, weight] = cargoHeadings[language];
  return [
    '<table>',
    `  <thead><tr><th>${packages}</th><th>${description}</th><th>${hsCode}</th><th>${weight}</th></tr></thead>`,
    '  <tbody>',
    '  {% for line in cargo %}',
    '    <tr><td>{{ line.packages }} {{ line.packageType }}</td><td>{{ line.description }}</td><td>{{ line.hsCode }}</td><td>{{ line.grossWeightKg | number }} kg</td></tr>',
    '  {% endfor %}',
    '  </tbody>',
    '</table>',
  ].join('\n');
};

/** The sell charges an arrival notice asks for before release. */
const chargeTable = (language: TLanguage) => {
  const [charge, amount] = chargeHeadings[language];
  return [
    '<table>',
    `  <thead><tr><th>${charge}</th><th>${amount}</th></tr></thead>`,
    '  <tbody>',
    '  {% for line in charges.lines %}',
    '    <tr><td>{{ line.code }} {{ line.description }}</td><td>{{ line.amount | money }}</td></tr>',
    '  {% endfor %}',
    '  </tbody>',
    '</table>',
  ].join('\n');
};

const containerTable = (language: TLanguage) => {
  const [container, type, weight] = containerHeadings[language];
  return [
    '<table>',
    `  <thead><tr><th>${container}</th><th>${type}</th><th>${weight}</th></tr></thead>`,
    '  <tbody>',
    '  {% for container in shipment.containers %}',
    '    <tr><td>{{ container.number }}</td><td>{{ container.type }}</td><td>{{ container.weightKg | number }} kg</td></tr>',
    '  {% endfor %}',
    '  </tbody>',
    '</table>',
  ].join('\n');
};

const documentStyle =
  '<style>body { font-family: sans-serif; font-size: 11pt; } h1 { font-size: 18pt; } table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #999; padding: 4px 6px; text-align: left; }</style>';

export type TDefaultTemplate = {
  type: 'email' | 'document';
  purpose: TTemplatePurpose;
  language: TLanguage;
  name: string;
  subject: string | null;
  body: string;
  page: typeof defaultTemplatePage | null;
};

/** Every default template, grouped so that the English and German variants of one share a family. */
export const defaultTemplates = (): TDefaultTemplate[][] =>
  templatePurposes.flatMap((purpose) =>
    (['email', 'document'] as const).map((type) =>
      (['en', 'de'] as const).map((language): TDefaultTemplate => {
        const { title, subject, lines } = wording[purpose][language];
        if (type === 'email') {
          return {
            type,
            purpose,
            language,
            name: `${title} ${emailSuffix[language]}`,
            subject,
            body: [`<p>${greeting[language]}</p>`, ...paragraphs(lines), signature(language)].join('\n'),
            page: null,
          };
        }
        return {
          type,
          purpose,
          language,
          name: title,
          subject: null,
          body: [
            documentStyle,
            `<h1>${title}</h1>`,
            ...(shipmentPurposes.has(purpose) ? ['<p>{{ shipment.reference }}</p>'] : []),
            '<p>{{ company.name }} · {{ company.address }} · {{ company.phone }}</p>',
            '<p>{{ recipient.name }}<br>{{ recipient.company }}</p>',
            ...paragraphs(lines),
            ...(shipmentPurposes.has(purpose) ? [cargoTable(language), containerTable(language)] : []),
            ...(purpose === 'arrival-notice' ? [chargeTable(language)] : []),
            '<p>{{ today | local_date: "long" }}</p>',
          ].join('\n'),
          page: defaultTemplatePage,
        };
      }),
    ),
  );
