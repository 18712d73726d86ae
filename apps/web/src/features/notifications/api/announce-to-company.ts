import type { TAnnouncementRequest, TAnnouncementResult } from '@cargodesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** An admin's message to everyone in the company (company:write); answers how many it reached. */
export const announceToCompany = (body: TAnnouncementRequest) =>
  apiRequest<TAnnouncementResult>('notifyserver', '/announcements', { method: 'POST', body });

// The announcement reaches its sender too, through the stream: nothing to invalidate here.
export const useAnnounceToCompany = () => useMutation({ mutationFn: announceToCompany });
