import type { TFileMeta, TFilePurpose } from '@cargodesk/shared';
import { apiRequest } from './api-client.ts';

const uploadTimeoutMs = 5 * 60_000;

/** POST /driveserver/api/v1/filesystem/file: the server sniffs the type and enforces the size limit. */
export const uploadFile = (file: File, purpose: TFilePurpose = 'attachment') => {
  const form = new FormData();
  // The purpose goes first: the server reads fields that come before the file.
  form.append('purpose', purpose);
  form.append('file', file, file.name);
  return apiRequest<TFileMeta>('driveserver', '/filesystem/file', {
    method: 'POST',
    body: form,
    timeoutMs: uploadTimeoutMs,
  });
};
