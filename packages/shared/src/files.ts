import { z } from 'zod';
import { ZPageQuery } from './lists.ts';

// The file store (driveserver): uploads for avatars, the company logo and attachments.

export const filePurposes = ['attachment', 'avatar', 'logo'] as const;
export type TFilePurpose = (typeof filePurposes)[number];

/** The size limit when FILE_MAX_BYTES is not set: 25 MB. */
export const defaultFileMaxBytes = 25 * 1024 * 1024;

/**
 * What may be uploaded, by the type sniffed from the bytes (the client's claim is never trusted).
 * Text types have no signature: a CSV or text file is accepted by its extension when its bytes are
 * UTF-8 text. SVG and HTML are left out on purpose: opened from our origin they could run script.
 */
export const uploadTypes = [
  { contentType: 'image/png', extensions: ['png'] },
  { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { contentType: 'image/webp', extensions: ['webp'] },
  { contentType: 'image/gif', extensions: ['gif'] },
  { contentType: 'application/pdf', extensions: ['pdf'] },
  {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  { contentType: 'application/msword', extensions: ['doc'] },
  { contentType: 'application/vnd.ms-excel', extensions: ['xls'] },
  { contentType: 'application/vnd.ms-powerpoint', extensions: ['ppt'] },
  { contentType: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  { contentType: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['ods'] },
  { contentType: 'application/vnd.oasis.opendocument.presentation', extensions: ['odp'] },
  { contentType: 'text/csv', extensions: ['csv'] },
  { contentType: 'text/plain', extensions: ['txt'] },
] as const;

/** The image types an avatar or a logo may have. */
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const isImageContentType = (contentType: string) =>
  (imageContentTypes as readonly string[]).includes(contentType);

export const fileMessages = {
  tooLarge: (maxBytes: number) =>
    `The file is larger than the ${formatBytes(maxBytes)} limit. Choose a smaller file.`,
  unsupportedType:
    'This type of file cannot be uploaded. Upload an image (PNG, JPEG, WebP, GIF), a PDF, an office document or a CSV or text file.',
  noFile: 'Choose a file to upload: the request carried none.',
  notMultipart: 'Send the file as multipart/form-data with one part named "file".',
  malformedUpload: 'The upload was cut off or is not valid multipart/form-data. Send the file again.',
  notFound: 'No such file in your company',
  notAnImage: 'Choose an image file (PNG, JPEG, WebP or GIF).',
  kept: 'This file is an issued document’s PDF, kept as it was issued. Void the document instead: its file stays on record.',
  inUnsentMail:
    'This file is attached to a mail that has not been sent yet. Delete it once the mail has gone out.',
} as const;

/** "25 MB", "512 KB": sizes as people read them (binary units, as the limit is set). */
export const formatBytes = (bytes: number) => {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
};

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
