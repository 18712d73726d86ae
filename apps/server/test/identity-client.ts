import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { type Auth, connectAuthEmulator, initializeAuth, inMemoryPersistence } from 'firebase/auth';

/** The official firebase/auth SDK, pointed at a listening Cargodesk server as its identity provider. */
export const createAuthClient = ({ origin, apiKey }: { origin: string; apiKey: string }) => {
  const firebaseApp: FirebaseApp = initializeApp(
    { apiKey, projectId: 'cargodesk-test' },
    `client-${crypto.randomUUID()}`,
  );
  const auth: Auth = initializeAuth(firebaseApp, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, origin, { disableWarnings: true });
  return { auth, close: () => deleteApp(firebaseApp) };
};

/** The newest captured mail to an address, waiting for the outbox worker to deliver it. */
export const waitForMail = async (
  origin: string,
  to: string,
  { after = 0, timeoutMs = 10_000 }: { after?: number; timeoutMs?: number } = {},
) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/api/dev/mail?to=${encodeURIComponent(to)}`);
    const { data } = (await response.json()) as {
      data: { _id: string; to: string; subject: string; text: string; createdAt: string }[];
    };
    const mail = data.find((candidate) => new Date(candidate.createdAt).getTime() >= after);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} arrived`);
};

/**
 * Asks for a mailed sign-in link by the raw identity call the SDK makes. The answer's `email` is
 * reduced to whether it echoed the address asked for, so the answers for two addresses compare
 * equal when the provider tells them apart in nothing else.
 */
export const requestSignInLink = async (
  { origin, apiKey, continueUrl }: { origin: string; apiKey: string; continueUrl: string },
  email: string,
) => {
  const response = await fetch(
    `${origin}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=${apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: 'EMAIL_SIGNIN', email, continueUrl, canHandleCodeInApp: true }),
    },
  );
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body: { ...body, email: body.email === email } };
};

export const readOobCode = (text: string) => {
  const link = text.match(/https?:\/\/\S+\/auth\/action\?\S+/)?.[0];
  if (!link) throw new Error(`No action link in: ${text}`);
  const url = new URL(link);
  return { link: url, oobCode: url.searchParams.get('oobCode') ?? '', mode: url.searchParams.get('mode') };
};
