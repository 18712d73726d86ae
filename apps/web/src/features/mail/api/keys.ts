import type { TSentMailQuery } from '@cargodesk/shared';

export const mailKeys = {
  sent: ['mail', 'sent'] as const,
  sentList: (query: TSentMailQuery) => ['mail', 'sent', query] as const,
  recipients: (q: string) => ['mail', 'recipients', q] as const,
  // Under the templates root: a saved or archived template refreshes what the composer offers.
  templates: (type: 'email' | 'document') => ['templates', 'for-mail', type] as const,
  // Under the files root: an upload anywhere refreshes the attachments offered.
  attachableFiles: (q: string) => ['files', 'attachable', q] as const,
  attachableFilesAll: ['files', 'attachable'] as const,
};
