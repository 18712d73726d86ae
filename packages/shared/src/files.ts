import { z } from 'zod';
import { filePurposes } from './file-rules.ts';
import { ZPageQuery } from './lists.ts';

// The file store (driveserver): uploads for avatars, the company logo and attachments.

export * from './file-rules.ts';

/** GET /driveserver/api/v1/filesystem/file/:id/meta, and the reply to an upload. */
export const ZFileMeta = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  purpose: z.enum(filePurposes),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TFileMeta = z.infer<typeof ZFileMeta>;

export const ZFileIdParams = z.object({ id: z.uuid({ error: 'must be a file id' }) }).strict();

/** GET /driveserver/api/v1/filesystem/file: the company's files, newest first, `q` over the name. */
export const ZFileListQuery = ZPageQuery.omit({ sort: true }).extend({
  purpose: z.enum(filePurposes).optional(),
});
export type TFileListQuery = z.input<typeof ZFileListQuery>;
