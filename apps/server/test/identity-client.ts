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

export const readOobCode = (text: string) => {
  const link = text.match(/https?:\/\/\S+\/auth\/action\?\S+/)?.[0];
  if (!link) throw new Error(`No action link in: ${text}`);
  const url = new URL(link);
  return { link: url, oobCode: url.searchParams.get('oobCode') ?? '', mode: url.searchParams.get('mode') };
};
