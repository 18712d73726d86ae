// Signing in as a client would, for the benchmarks: the identity API's password sign-in, then the
// app's login with the ID token. Answers the app token the signed-in routes take.

type TRuntimeConfig = {
  data: { identity: { projects: { name: string; apiKey: string }[]; projectForHost: string } };
};

export const signInForAppToken = async (
  origin: string,
  { email, password }: { email: string; password: string },
): Promise<string> => {
  const { data: runtimeConfig } = (await (await fetch(`${origin}/api/config`)).json()) as TRuntimeConfig;
  const apiKey = runtimeConfig.identity.projects.find(
    (project) => project.name === runtimeConfig.identity.projectForHost,
  )?.apiKey;
  const identity = (await (
    await fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    })
  ).json()) as { idToken?: string };
  if (!identity.idToken) throw new Error(`Sign-in failed: ${JSON.stringify(identity)}`);
  const login = (await (
    await fetch(`${origin}/iamserver/api/v1/auth/login`, { headers: { authorization: identity.idToken } })
  ).json()) as { data?: { jwt?: string } };
  if (!login.data?.jwt) throw new Error(`Login failed: ${JSON.stringify(login)}`);
  return login.data.jwt;
};
