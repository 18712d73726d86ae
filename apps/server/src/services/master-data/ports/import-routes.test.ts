import type { TPortEntry, TPortImport } from '@cargodesk/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { auditEvents } from '../../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

const base = '/master/api/v1';
/** The installation's platform administrator: only they may apply an import to the shared catalogue. */
const operatorEmail = 'catalogue-operator@example.com';
const row = (cells: string[]) => cells.map((cell) => `"${cell}"`).join(',');
const port = (location: string, name: string, { change = '', coordinates = '' } = {}) =>
  row([change, 'NL', location, name, name, '', 'AI', '1-------', '2401', '', coordinates, '']);

describe.each(behaviourDatabaseKinds)('master UN/LOCODE import routes on %s', (kind) => {
  let testApp: TIamTestApp;
  let alpha: TRegistered;
  let bravo: TRegistered;
  let viewer: TRegistered;

  const upload = (csv: string | Buffer, token = alpha.jwt) =>
    testApp.app.inject({
      method: 'POST',
      url: `${base}/oceanport/imports`,
      headers: { authorization: token, 'content-type': 'text/csv', 'x-file-name': 'CodeListPart1.csv' },
      payload: csv,
    });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: object) =>
    testApp.app.inject({
      method,
      url: `${base}${url}`,
      headers: { authorization: token },
      ...(body ? { payload: body } : {}),
    });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    alpha = await testApp.register('import-alpha', 'Alpha Import', { email: operatorEmail });
    await testApp.grantPlatformAdmin(operatorEmail);
    bravo = await testApp.register('import-bravo', 'Bravo Import');
    viewer = await testApp.addUser(alpha, { label: 'import-viewer', role: { systemKey: 'viewer' } });
  });
  afterAll(async () => testApp?.close());

  it('uploads a CodeList, shows the diff, and applies it for every company in one go', async () => {
    const response = await upload(
      [
        port('RTM', 'Rotterdam Europoort', { change: '#', coordinates: '5157N 00402E' }),
        port('ZZI', 'Importhaven', { change: '+', coordinates: '5300N 00600E' }),
        port('ZZJ', 'Berlin Spree', { change: '+', coordinates: '5231N 01324E' }),
        port('AMS', 'Amsterdam', { change: 'X' }),
        port('ZZK', '=cmd|calc'),
      ].join('\n'),
    );
    expect(response.statusCode, response.body).toBe(201);
    const preview = (response.json() as { data: TPortImport }).data;
    expect(preview).toMatchObject({ status: 'pending', fileName: 'CodeListPart1.csv' });
    expect(preview.summary).toMatchObject({ added: 2, outOfCountry: 1, problems: 1 });
    expect(preview.summary.retired).toBeGreaterThan(1);
    expect(preview.changed.find((entry) => entry.code === 'NLRTM')?.fields).toContain('name');
    expect(preview.problems).toEqual([
      { line: 5, message: 'has a cell that starts like a spreadsheet formula' },
    ]);
    // Nothing is applied yet.
    expect((await call('GET', '/oceanport/NLZZI', alpha.jwt)).statusCode).toBe(404);
    // Another company cannot see or apply it.
    expect((await call('GET', `/oceanport/imports/${preview._id}`, bravo.jwt)).statusCode).toBe(404);
    expect((await call('POST', `/oceanport/imports/${preview._id}/apply`, bravo.jwt, {})).statusCode).toBe(
      404,
    );

    const applied = await call('POST', `/oceanport/imports/${preview._id}/apply`, alpha.jwt, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as { data: TPortImport }).data.status).toBe('applied');
    const added = (await call('GET', '/oceanport/NLZZI', bravo.jwt)).json() as { data: TPortEntry };
    expect(added.data).toMatchObject({ name: 'Importhaven', source: 'catalogue', retired: false });
    const held = (await call('GET', '/oceanport/NLZZJ', bravo.jwt)).json() as { data: TPortEntry };
    expect(held.data).toMatchObject({ latitude: null, longitude: null });
    const amsterdam = (await call('GET', '/oceanport/NLAMS', bravo.jwt)).json() as { data: TPortEntry };
    expect(amsterdam.data.retired).toBe(true);
    const search = (await call('GET', '/oceanport?q=Europoort', bravo.jwt)).json() as { data: TPortEntry[] };
    expect(search.data[0]?.code).toBe('NLRTM');

    expect((await call('POST', `/oceanport/imports/${preview._id}/apply`, alpha.jwt, {})).statusCode).toBe(
      409,
    );
    const events = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, alpha.companyId), eq(auditEvents.entityId, preview._id)))
      .orderBy(asc(auditEvents.occurredAt));
    expect(events.map((event) => event.action)).toEqual(['create', 'update']);
  });

  it("keeps a company admin from uploading a catalogue, before the file is read, and from rewriting every company's", async () => {
    // Reading and comparing the whole list is the operator's work: a company admin in a loop would
    // hold the server (issue 36), so the refusal comes before the file is parsed.
    const refusedUpload = await upload(port('ZZQ', 'Company Haven', { change: '+' }), bravo.jwt);
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: expect.stringMatching(/platform administrator/) },
    });
    const preview = (await upload(port('ZZQ', 'Company Haven', { change: '+' }))).json() as {
      data: TPortImport;
    };
    const refused = await call('POST', `/oceanport/imports/${preview.data._id}/apply`, bravo.jwt, {});
    expect([403, 404]).toContain(refused.statusCode);
    expect((await call('GET', '/oceanport/NLZZQ', bravo.jwt)).statusCode).toBe(404);
    await call('DELETE', `/oceanport/imports/${preview.data._id}`, alpha.jwt);
  });

  it('refuses to apply a diff made against an older catalogue, and discards', async () => {
    const first = (await upload(port('ZZL', 'Later Haven', { change: '+' }))).json() as { data: TPortImport };
    const second = (await upload(port('ZZM', 'Other Haven', { change: '+' }))).json() as {
      data: TPortImport;
    };
    expect((await call('POST', `/oceanport/imports/${first.data._id}/apply`, alpha.jwt, {})).statusCode).toBe(
      200,
    );
    const stale = await call('POST', `/oceanport/imports/${second.data._id}/apply`, alpha.jwt, {});
    expect(stale.statusCode).toBe(409);
    const discarded = await call('DELETE', `/oceanport/imports/${second.data._id}`, alpha.jwt);
    expect((discarded.json() as { data: TPortImport }).data.status).toBe('discarded');
    expect((await call('GET', '/oceanport/NLZZM', alpha.jwt)).statusCode).toBe(404);
  });

  it('rejects broken and hostile files with nothing stored', async () => {
    const binary = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({ error: { message: 'The file is not a text file' } });
    const quotes = await upload(`${port('ZZN', 'Fine')}\n,"NL","ZZO","Broken`);
    expect(quotes.json()).toMatchObject({ error: { message: 'Line 2: a quoted cell is never closed' } });
    const columns = await upload('code,name\nNLZZP,Wrong layout\n');
    expect(columns.statusCode).toBe(400);
    expect(columns.json()).toMatchObject({
      error: { details: { problems: [{ line: 1, message: 'has 2 columns, not 12' }, { line: 2 }] } },
    });
    const oneColumn = await upload('NLZZP\n');
    expect(oneColumn.json()).toMatchObject({
      error: { details: { problems: [{ line: 1, message: 'has 1 column, not 12' }] } },
    });
    expect((await upload('')).statusCode).toBe(400);
    const huge = await upload(Buffer.alloc(50 * 1024 * 1024 + 10, 0x41));
    expect(huge.statusCode).toBe(413);
    expect((await upload(port('ZZQ', 'Viewer haven'), viewer.jwt)).statusCode).toBe(403);
  });
});
