import type { QueryClient } from '@tanstack/react-query';

// The query client lives in the signed-in chunks (lib/query-client.ts registers it when loaded), so
// TanStack Query stays out of the signed-out pages; the session reaches it here when it exists.
let loadedClient: QueryClient | undefined;

export const registerQueryClient = (client: QueryClient) => {
  loadedClient = client;
};

export const getLoadedQueryClient = () => loadedClient;
