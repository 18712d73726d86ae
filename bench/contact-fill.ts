// The contacts bench's data: a company's contacts written straight into the table, as many as asked.

import type { TRunSql } from './rounds.ts';

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
 * columns (contacts/contact-row.ts) filled the same way. Names repeat their words, so a search
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

export const demoPassword = 'bench-password-12';
export const companies = [
  { rows: 1_000_000, name: 'Demo Freight Ltd', email: 'admin@demo-freight.test' },
  { rows: 100_000, name: 'Expired Cargo Co', email: 'admin@expired-cargo.test' },
  { rows: 100_000, name: 'Secure Shipping AG', email: 'admin@secure-shipping.test' },
] as const;

/** The bench companies' ids, in the order of `companies`. */
export const companyIdsOf = async (run: TRunSql) => {
  const ids: string[] = [];
  for (const company of companies) {
    const [row] = await run(`select id from companies where name = '${company.name}'`);
    if (!row) throw new Error(`No company ${company.name}`);
    ids.push(String(row.id));
  }
  return ids;
};

/** Fills the companies' contacts and tags, as the product would have written them, and indexes them. */
export const prepare = async (run: TRunSql) => {
  const indexes = await run(
    "select indexname, indexdef from pg_indexes where tablename in ('contacts', 'contacts_by_role', 'contact_tag_links') and indexname not like '%pk%'",
  );
  for (const index of indexes) await run(`drop index ${index.indexname}`);
  const ids = await companyIdsOf(run);
  for (const [place, company] of companies.entries()) {
    const id = ids[place] ?? '';
    await run(
      `update companies set plan_expires_at = now() + interval '30 days', two_factor_auth = false where id = '${id}'`,
    );
    await run(fillSql(id, company.rows));
    // Ten tags, each on a tenth of every fifth contact.
    await run(`insert into contact_tags (company_id, id, name, color)
      select '${id}', ('00000000-0000-7000-9000-' || lpad(to_hex(t), 12, '0'))::uuid, 'Tag ' || t, 'blue'
      from generate_series(1, 10) as t`);
    await run(`insert into contact_tag_links (company_id, contact_id, tag_id)
      select '${id}', ('00000000-0000-7000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
        ('00000000-0000-7000-9000-' || lpad(to_hex(1 + n % 10), 12, '0'))::uuid
      from generate_series(5, ${company.rows}, 5) as n`);
  }
  for (const index of indexes) await run(String(index.indexdef));
  // As autovacuum, or on PGlite the server's own vacuum (platform/runtime/embedded-vacuum.ts), leaves a
  // table after a bulk load: statistics, and the visibility map that lets the list pick a page's
  // ids from an index alone.
  await run('vacuum analyze contacts');
  await run('vacuum analyze contacts_by_role');
  await run('vacuum analyze contact_tag_links');
  await run('vacuum analyze contact_keys');
  await run('vacuum analyze contact_words');
  return ids;
};
