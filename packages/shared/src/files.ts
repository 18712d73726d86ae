import { z } from 'zod';
import { filePurposes } from './file-rules.ts';

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
