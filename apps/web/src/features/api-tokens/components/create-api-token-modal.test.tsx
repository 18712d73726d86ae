import type { TCreatedApiToken, TCurrentUser } from '@cargodesk/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSession, updateSession } from '@/lib/auth/session-store.ts';
import { apiServer, apiUrl, clearCookies } from '@/test/api-server.ts';
import { CreateApiTokenModal } from './create-api-token-modal.tsx';

// The create dialog offers only the user's own permissions, sends what was ticked, and shows the
// token once. The server is played at the network edge.

const token = `cdk_pat_${'a'.repeat(64)}_${'b'.repeat(43)}`;

let queryClient: QueryClient | undefined;
afterEach(() => {
  queryClient?.clear();
  clearCookies();
  resetSession();
});

const renderModal = (permissions: string[]) => {
  updateSession({ isLoggedIn: true, user: { name: 'Ada Lovelace', permissions } as TCurrentUser });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <CreateApiTokenModal isOpen onClose={() => undefined} />
    </QueryClientProvider>,
  );
};

describe('the create API token dialog', () => {
  it('offers only the permissions the user holds, sends the ticked ones, and shows the token once', async () => {
    const sent: unknown[] = [];
    apiServer.use(
      http.post(apiUrl('/iamserver/api/v1/users-token'), async ({ request }) => {
        sent.push(await request.json());
        const data: TCreatedApiToken = {
          _id: 't1',
          name: 'Nightly sync',
          permissions: ['users:read'],
          createdAt: '2026-11-24T08:00:00.000Z',
          expiresAt: '2026-12-24T08:00:00.000Z',
          lastUsedAt: null,
          revokedAt: null,
          token,
        };
        return HttpResponse.json({ data }, { status: 201 });
      }),
    );
    const screen = renderModal(['users:read', 'roles:read']);
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Users and groups: Read',
      'Roles: Read',
    ]);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Nightly sync ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Users and groups: Read' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Copy the token now: it will not be shown again.')).toBeTruthy();
    expect(sent).toEqual([{ name: 'Nightly sync', expiresInDays: 30, permissions: ['users:read'] }]);
    await waitFor(() =>
      expect((screen.getByLabelText('Token “Nightly sync”') as HTMLInputElement).value).toBe(token),
    );
  });

  it('says so when the user holds nothing to give', async () => {
    const screen = renderModal([]);
    expect(await screen.findByText(/Your roles give you no permissions to hand to a token/)).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});
