// Test helpers for routes behind sign-in; imported by *.test.ts only (firebase is a dev dependency).
import type { TLoginResponse } from '@cargodesk/shared';
import { createUserWithEmailAndPassword } from 'firebase/auth';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { TDatabaseKind } from '../../../test/databases.ts';
import { createAuthClient } from '../../../test/identity-client.ts';
import type { TProjectName } from '../../identity/projects.ts';

export const testPassword = 'correct horse 42';

export const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export type TRegistered = { email: string; idToken: string; jwt: string; companyId: string; userId: string };

/**
 * The app listening on a random port (the firebase SDK needs a real origin) with helpers that sign
 * up through the SDK and register companies through the API.
 */
export const startIamTestApp = async ({
  kind,
  environment,
}: {
  kind: TDatabaseKind;
  environment?: Record<string, string>;
}) => {
  const testApp: TestApp = await buildTestApp({
    kind,
    ...(environment ? { environment } : {}),
    mail: { worker: { pollIntervalMs: 50 } },
  });
  const { app } = testApp;
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const clients: { close: () => Promise<void> }[] = [];
  const apiKeyOf = (project: TProjectName) =>
    app.identity.projects.find((candidate) => candidate.name === project)?.apiKey ?? '';

  /** A fresh identity account and its ID token, from the real SDK. */
  const signUp = async (email: string, { project = 'test' }: { project?: TProjectName } = {}) => {
    const client = createAuthClient({ origin, apiKey: apiKeyOf(project) });
    clients.push(client);
    const { user } = await createUserWithEmailAndPassword(client.auth, email, testPassword);
    return { uid: user.uid, idToken: await user.getIdToken() };
  };

  const register = async (label: string, companyName = `${label} Freight`): Promise<TRegistered> => {
    const email = uniqueEmail(label);
    const { idToken } = await signUp(email);
    const response = await app.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth',
      headers: { authorization: idToken },
      payload: { companyName, firstName: 'Ada', lastName: label },
    });
    if (response.statusCode !== 200) throw new Error(`Registration failed: ${response.body}`);
    const { data } = response.json() as { data: TLoginResponse };
    const me = await app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: data.jwt ?? '' },
    });
    const [user] = (me.json() as { data: { _id: string; companyId: string }[] }).data;
    if (!data.jwt || !user) throw new Error(`Registration gave no session: ${response.body}`);
    return { email, idToken, jwt: data.jwt, companyId: user.companyId, userId: user._id };
  };

  return {
    ...testApp,
    origin,
    signUp,
    register,
    close: async () => {
      await Promise.all(clients.splice(0).map((client) => client.close()));
      await testApp.close();
    },
  };
};

export type TIamTestApp = Awaited<ReturnType<typeof startIamTestApp>>;
