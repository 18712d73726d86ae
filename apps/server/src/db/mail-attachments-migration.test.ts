import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import { createId } from '../platform/data-access/ids.ts';
import type { Database } from './client.ts';
import { mails, type TMailAttachment } from './schema/index.ts';

const migrationSql = fs.readFileSync(
  new URL('./migrations/0021_mail_attachments_by_reference.sql', import.meta.url),
  'utf8',
);

describe.each(testDatabaseKinds)('migration 0021 on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('keeps the inline bytes of mails that may still be sent, drops those of sent mails, and sizes every attachment', async () => {
    const { db } = database;
    const bytes = randomBytes(1001);
    const base64 = bytes.toString('base64');
    // Attachments as the composer wrote them before 0021; the oldest had no size.
    const legacy = [
      { filename: 'a.pdf', contentType: 'application/pdf', contentBase64: base64, size: bytes.length },
      { filename: 'b.bin', contentType: 'application/octet-stream', contentBase64: base64 },
    ] as TMailAttachment[];
    const reference: TMailAttachment = {
      filename: 'c.pdf',
      contentType: 'application/pdf',
      size: 7,
      companyId: createId(),
      fileId: createId(),
    };
    const row = (status: 'queued' | 'sending' | 'failed' | 'sent', attachments: TMailAttachment[]) => ({
      id: createId(),
      fromAddress: 'no-reply@cargodesk.test',
      to: ['dana@client.test'],
      subject: status,
      text: 'Hi',
      status,
      attachments,
    });
    const rows = [
      row('queued', legacy),
      row('sending', legacy),
      row('failed', legacy),
      row('sent', legacy),
      row('queued', [reference]),
      row('sent', []),
    ];
    await db.insert(mails).values(rows);

    for (const statement of migrationSql.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const after = new Map(
      (
        await db
          .select()
          .from(mails)
          .where(
            inArray(
              mails.id,
              rows.map(({ id }) => id),
            ),
          )
      ).map((mail) => [mail.id, mail.attachments]),
    );
    const sized = legacy.map((attachment) => ({ ...attachment, size: bytes.length }));
    for (const unsent of rows.slice(0, 3)) expect(after.get(unsent.id)).toEqual(sized);
    expect(after.get(rows[3]?.id ?? '')).toEqual([
      { filename: 'a.pdf', contentType: 'application/pdf', size: bytes.length },
      { filename: 'b.bin', contentType: 'application/octet-stream', size: bytes.length },
    ]);
    expect(after.get(rows[4]?.id ?? '')).toEqual([reference]);
    expect(after.get(rows[5]?.id ?? '')).toEqual([]);
  });
});
