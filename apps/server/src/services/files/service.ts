import { Readable } from 'node:stream';
import {
  fileMessages,
  isImageContentType,
  type TFileMeta,
  type TFilePurpose,
  type TListMeta,
} from '@cargodesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import { isFileInUnsentMail } from '../../mail/outbox.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import type { TAuditActor } from '../../platform/events/audit.ts';
import { auditTrails } from '../../platform/events/audit.ts';
import { fileStoreKey, type TFileStore } from '../../platform/files/file-store.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { mayReadFile } from './kept-files.ts';
import * as repository from './repository.ts';
import { sniffContentType } from './sniff.ts';

export type TUpload = {
  /** The file part's byte stream; `truncated` is set when it ran past the size limit. */
  stream: Readable & { truncated?: boolean };
  fileName: string;
  purpose: TFilePurpose;
  /** What keeps the file (an issued document): the files routes never delete it. */
  keptFor?: string;
};

export const toFileMeta = (row: repository.TFileRow): TFileMeta => ({
  _id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
  sha256: row.sha256,
  purpose: row.purpose as TFilePurpose,
  uploadedBy: row.uploadedBy,
  createdAt: row.createdAt.toISOString(),
});

/** A client's file name as a plain name: no folders, no control characters, not too long. */
export const cleanFileName = (name: string) => {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  if (base.length <= 200) return base || 'file';
  const extension = base.match(/\.[^.]{1,10}$/)?.[0] ?? '';
  return base.slice(0, 200 - extension.length) + extension;
};

/**
 * A file of the company, for other services inside their own tenant transaction (a profile's
 * avatar, the company logo). Undefined when the company has no such file.
 */
export const findCompanyFile = async (tx: Queryable, companyId: string, fileId: string) => {
  const row = await repository.findFile(tx, companyId, fileId);
  return row ? toFileMeta(row) : undefined;
};

/**
 * As `findCompanyFile`, holding the row until the transaction ends: a mail attaching the file
 * commits before any removal of it can check for unsent mails, or sees the file gone.
 */
export const findCompanyFileForAttaching = async (tx: Queryable, auth: TAuthContext, fileId: string) => {
  const row = await repository.findFile(tx, auth.companyId, fileId, 'share');
  return row && (await mayReadFile(tx, auth, row)) ? toFileMeta(row) : undefined;
};

/** Refuses a file id that is not one of the company's images (for avatars and logos). */
export const assertCompanyImage = async (tx: Queryable, companyId: string, fileId: string, field: string) => {
  const file = await findCompanyFile(tx, companyId, fileId);
  if (!file) {
    throw fieldError(field, fileMessages.notFound);
  }
  if (!isImageContentType(file.contentType)) {
    throw fieldError(field, fileMessages.notAnImage);
  }
  return file;
};

/** The files rules: what may be stored, and who may read or remove it (docs/architecture.md). */
/** What the file service works with, named rather than reached through the whole app. */
export type TFilesServiceDependencies = {
  db: Db;
  store: TFileStore;
  fileMaxBytes: number;
  log: FastifyBaseLogger;
};

export const createFilesService = ({ db, store, fileMaxBytes, log }: TFilesServiceDependencies) => {
  const notFound = () => new AppError('NOT_FOUND', fileMessages.notFound);

  /**
   * Stages the bytes, checks size and type, then stores them and records the row. Anything refused
   * is discarded before it reaches the store; a failed row insert removes the stored bytes again.
   */
  const upload = async (auth: TAuthContext, actor: TAuditActor, upload: TUpload): Promise<TFileMeta> => {
    const staged = await store.stage(upload.stream);
    let isCommitted = false;
    try {
      if (upload.stream.truncated || staged.size > fileMaxBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooLarge(fileMaxBytes), {
          maxBytes: fileMaxBytes,
        });
      }
      const name = cleanFileName(upload.fileName);
      const contentType = await sniffContentType(staged.path, name);
      if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', fileMessages.unsupportedType);
      if (upload.purpose !== 'attachment' && !isImageContentType(contentType)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', fileMessages.notAnImage);
      }
      const fileId = createId();
      const storageKey = fileStoreKey(auth.companyId, fileId);
      await store.commit(staged, storageKey);
      isCommitted = true;
      try {
        return await withTenant(db, auth.companyId, async (tx) => {
          await repository.insertFile(tx, {
            companyId: auth.companyId,
            id: fileId,
            name,
            contentType,
            size: staged.size,
            sha256: staged.sha256,
            storageKey,
            purpose: upload.purpose,
            keptFor: upload.keptFor ?? null,
            uploadedBy: auth.userId,
          });
          const row = await repository.findFile(tx, auth.companyId, fileId);
          if (!row) throw new Error('The stored file could not be read back');
          const meta = toFileMeta(row);
          await auditTrails.file(tx, actor, 'create', fileId, { after: meta });
          return meta;
        });
      } catch (error) {
        await store.remove(storageKey).catch(() => undefined);
        throw error;
      }
    } finally {
      if (!isCommitted) await store.discard(staged);
    }
  };

  const getMeta = async (auth: TAuthContext, fileId: string): Promise<TFileMeta> => {
    const file = await withTenantRead(db, auth.companyId, async (tx) => {
      const row = await repository.findFile(tx, auth.companyId, fileId);
      return row && (await mayReadFile(tx, auth, row)) ? toFileMeta(row) : undefined;
    });
    if (!file) throw notFound();
    return file;
  };

  const download = async (auth: TAuthContext, fileId: string) => {
    const row = await withTenantRead(db, auth.companyId, async (tx) => {
      const found = await repository.findFile(tx, auth.companyId, fileId);
      return found && (await mayReadFile(tx, auth, found)) ? found : undefined;
    });
    if (!row) throw notFound();
    const stream = await store.open(row.storageKey);
    if (!stream) {
      log.warn({ fileId, companyId: auth.companyId }, 'a file row has no stored bytes');
      throw notFound();
    }
    return { meta: toFileMeta(row), stream };
  };

  /**
   * Removes the row (and records it) first; bytes left behind by a failed removal are harmless.
   * A file attached to a mail not yet sent stays: the mail reads its bytes when it goes out.
   */
  const remove = async (
    auth: TAuthContext,
    actor: TAuditActor,
    fileId: string,
    { isKeptReleased = false }: { isKeptReleased?: boolean } = {},
  ): Promise<TFileMeta> => {
    const removed = await withTenant(db, auth.companyId, async (tx) => {
      // Locked first, so a mail attaching it at this moment is either seen below or finds it gone.
      const locked = await repository.findFile(tx, auth.companyId, fileId, 'update');
      if (!locked) return undefined;
      if (locked.keptFor && !isKeptReleased) throw new AppError('CONFLICT', fileMessages.kept);
      if (await isFileInUnsentMail(tx, auth.companyId, fileId)) {
        throw new AppError('CONFLICT', fileMessages.inUnsentMail);
      }
      const row = await repository.deleteFile(tx, auth.companyId, fileId);
      if (!row) return undefined;
      const meta = toFileMeta(row);
      await auditTrails.file(tx, actor, 'delete', fileId, { before: meta });
      return { meta, storageKey: row.storageKey };
    });
    if (!removed) throw notFound();
    await store.remove(removed.storageKey).catch((error: unknown) => {
      log.warn({ err: error, fileId }, 'the bytes of a deleted file could not be removed');
    });
    return removed.meta;
  };

  /** The company's files, newest first, for picking one again (the composer's existing attachments). */
  const list = (
    auth: TAuthContext,
    query: { page: number; pageSize: number; q?: string | undefined; purpose?: TFilePurpose | undefined },
  ): Promise<{ data: TFileMeta[]; meta: TListMeta }> =>
    withTenant(db, auth.companyId, async (tx) => {
      const { rows, total } = await repository.findFilesPage(tx, {
        companyId: auth.companyId,
        page: query.page,
        pageSize: query.pageSize,
        ...(query.q ? { q: query.q } : {}),
        ...(query.purpose ? { purpose: query.purpose } : {}),
      });
      return { data: rows.map(toFileMeta), meta: { total, page: query.page, pageSize: query.pageSize } };
    });

  return { upload, getMeta, download, remove, list };
};

/**
 * Stores bytes another module made (a document printed to PDF) as the company's file, checked and
 * recorded as an upload of them would be, ready to attach to a mail.
 */
export const storeMadeFile = (
  dependencies: TFilesServiceDependencies,
  auth: TAuthContext,
  actor: TAuditActor,
  { fileName, bytes, keptFor }: { fileName: string; bytes: Uint8Array; keptFor?: string },
) =>
  createFilesService(dependencies).upload(auth, actor, {
    stream: Readable.from([Buffer.from(bytes)]),
    fileName,
    purpose: 'attachment',
    ...(keptFor ? { keptFor } : {}),
  });

/**
 * Removes a file another module made when the write it was made for failed (a document whose issue
 * was refused after its PDF was stored), so no file is left that nothing names.
 */
export const discardMadeFile = (
  dependencies: TFilesServiceDependencies,
  auth: TAuthContext,
  actor: TAuditActor,
  fileId: string,
) => createFilesService(dependencies).remove(auth, actor, fileId, { isKeptReleased: true });

/** The bytes of a company's file, for a module that serves its own (an issued document's PDF). */
export const openCompanyFile = (
  dependencies: TFilesServiceDependencies,
  auth: TAuthContext,
  fileId: string,
) => createFilesService(dependencies).download(auth, fileId);
