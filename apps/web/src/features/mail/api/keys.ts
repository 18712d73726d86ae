import type { TSentMailQuery } from '@cargodesk/shared';

export const mailKeys = {
  sent: ['mail', 'sent'] as const,
  sentList: (query: TSentMailQuery) => ['mail', 'sent', query] as const,
  recipients: (q: string) => ['mail', 'recipients', q] as const,
  // Under the files root: an upload anywhere refreshes the attachments offered.
  attachableFiles: (q: string) => ['files', 'attachable', q] as const,
};
