/**
 * A valid body for each route that needs one, so tests of the route table (the route matrix, the
 * fuzz pass) get past input validation to the code behind it.
 */
export const sampleBodies: Record<string, unknown> = {
  'POST /iamserver/api/v1/auth/codeAuth': { code: '123456' },
  'POST /iamserver/api/v1/auth': { companyName: 'Matrix Cargo', firstName: 'Ada', lastName: 'Matrix' },
  'PUT /iamserver/api/v1/groups/:id/members': { userIds: [] },
  'PUT /iamserver/api/v1/users/:id/roles': { roleIds: [] },
  'PUT /iamserver/api/v1/users/:id/groups': { groupIds: [] },
  'PATCH /notifyserver/api/v1/notifications/:id': { status: 'loaded' },
  'POST /notifyserver/api/v1/announcements': { title: 'Matrix' },
  'POST /mailserver/api/v1/send': { to: ['matrix@client.test'], subject: 'Matrix' },
  'POST /master/api/v1/oceanport': { code: 'NLZZM', name: 'Matrix Jetty', countryCode: 'NL' },
  'POST /master/api/v1/airport': { code: 'ZZM', name: 'Matrix Strip', countryCode: 'NL' },
  'PATCH /master/api/v1/oceanport/:code': { name: 'Matrix Quay' },
  'PATCH /master/api/v1/airport/:code': { name: 'Matrix Field' },
  'PUT /master/api/v1/country-settings': { codes: ['NL'], isFavourite: true },
  'PUT /master/api/v1/currency-settings': { codes: ['USD'], isEnabled: true },
  'PUT /master/api/v1/currency-settings/base': { baseCurrency: 'EUR' },
  'POST /master/api/v1/exchange-rates': { currency: 'USD', rate: 0.9, effectiveDate: '2024-01-01' },
  'PATCH /master/api/v1/exchange-rates/:id': { rate: 0.91 },
  'POST /master/api/v1/dropdown-groups': { module: 'matrix', key: 'matrix_list', label: 'Matrix list' },
  'PATCH /master/api/v1/dropdown-groups/:id': { label: 'Matrix list' },
  'POST /master/api/v1/dropdown-groups/:id/values': { label: 'Matrix', value: 'matrix' },
  'PUT /master/api/v1/dropdown-groups/:id/order': { valueIds: ['01970000-0000-7000-8000-00000000abcd'] },
  'PATCH /master/api/v1/dropdown/:id': { label: 'Matrix value' },
  'POST /master/api/v1/oceanport/imports/:id/apply': {},
  'POST /master/api/v1/type': { name: 'Matrix type' },
  'PATCH /master/api/v1/type/:id': { name: 'Matrix type B' },
  'POST /master/api/v1/receivinglocation': { code: 'MX-1', name: 'Matrix depot', countryCode: 'NL' },
  'PATCH /master/api/v1/receivinglocation/:id': { name: 'Matrix depot B' },
};
