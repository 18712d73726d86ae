// The contacts bench's data: a company's contacts written straight into the table, as many as asked.

const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;
const firstWords = sqlArray(
  'Nord Hansa Elbe Rhein Baltic Atlas Pacific Orient Delta Union Globe Harbour Alpine Iberia Nordic Oceanic Polar Sirius Vega Zenith'.split(
    ' ',
  ),
);
const syllables = sqlArray('ka lo mar ven tis ro del sa nor bri gal tor mi zan que'.split(' '));
const lastWords = sqlArray(
  'Logistik Freight Shipping Cargo Spedition Trading Imports Lines Agency Transport'.split(' '),
);
export const places = [
  ['Hamburg', 'DE'],
  ['Rotterdam', 'NL'],
  ['Antwerp', 'BE'],
  ['Le Havre', 'FR'],
  ['Genoa', 'IT'],
  ['Valencia', 'ES'],
  ['Gdansk', 'PL'],
  ['Gothenburg', 'SE'],
  ['Felixstowe', 'GB'],
  ['Piraeus', 'GR'],
  ['Shanghai', 'CN'],
  ['Singapore', 'SG'],
  ['Busan', 'KR'],
  ['Dubai', 'AE'],
  ['Mumbai', 'IN'],
  ['Santos', 'BR'],
  ['Houston', 'US'],
  ['Durban', 'ZA'],
  ['Sydney', 'AU'],
  ['Yokohama', 'JP'],
] as const;
const cities = sqlArray(places.map(([city]) => city));
const countries = sqlArray(places.map(([, country]) => country));
const roles = sqlArray(['customer', 'shipper', 'consignee', 'notify-party', 'carrier', 'agent', 'supplier']);

/**
 * A company's contacts in one INSERT … SELECT, written as the product writes them: the derived
 * columns (contactserver/contact-row.ts) filled the same way. Names repeat their words, so a search
 * finds hundreds of rows, not one.
 */
export const fillSql = (companyId: string, rows: number) => `
  insert into contacts (company_id, id, kind, name, roles, emails, phones, addresses, tax_number, created_at, updated_at,
    primary_email, primary_phone, city, country_code, email_keys, country_codes, tax_key, search_text)
  select '${companyId}', ('00000000-0000-7000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
    case when n % 5 = 0 then 'person' else 'organisation' end,
    name, array[(${roles})[1 + n % 7]], jsonb_build_array(jsonb_build_object('label', '', 'address', email)),
    jsonb_build_array(jsonb_build_object('label', '', 'number', phone)),
    jsonb_build_array(jsonb_build_object('label', '', 'street', '', 'postalCode', '', 'city', city, 'region', '', 'countryCode', country)),
    tax, now() - n * interval '1 minute', now() - n * interval '1 minute',
    email, phone, city, country, array[email], array[country], tax,
    lower(name || ' ' || email || ' ' || phone || ' ' || regexp_replace(phone, '\\D', '', 'g') || ' ' || city || ' ' || tax || ' ' || tax)
  from (
    select n,
      (${firstWords})[1 + n % 20] || ' ' ||
        initcap((${syllables})[1 + (n / 20) % 15] || (${syllables})[1 + (n / 300) % 15] || (${syllables})[1 + (n / 4500) % 15]) || ' ' ||
        (${lastWords})[1 + (n / 7) % 10] as name,
      'info' || n || '@' || lower((${firstWords})[1 + n % 20]) || '.example' as email,
      '+49 40 ' || (1000000 + n) as phone,
      (${cities})[1 + n % 20] as city,
      (${countries})[1 + n % 20] as country,
      'DE' || (100000000 + n) as tax
    from generate_series(1, ${rows}) as n
  ) generated`;
