import type { Queryable } from '../db/client.ts';
import { listPlatformAdmins, platformAdminMessages, setPlatformAdmin } from './platform-admins.ts';
import type { TProjectName } from './projects.ts';

export const platformAdminUsage = [
  'usage: npm run platform-admin -- add EMAIL | remove EMAIL | list  [--project production|test]',
  '  add     gives the account with this verified email this installation’s platform rights',
  '  remove  takes them away again',
  '  list    shows who holds them',
  '  --project  the identity project (default: the one PUBLIC_URL’s host signs in with)',
].join('\n');

export type TCommandResult = { exitCode: number; output: string };

const fail = (output: string): TCommandResult => ({ exitCode: 1, output });

/** `npm run platform-admin`: the operator's only way to grant or take away platform rights. */
export const runPlatformAdminCommand = async (
  db: Queryable,
  { args, defaultProject }: { args: string[]; defaultProject: TProjectName },
): Promise<TCommandResult> => {
  const rest = [...args];
  let project = defaultProject;
  const projectFlag = rest.indexOf('--project');
  if (projectFlag !== -1) {
    const named = rest[projectFlag + 1];
    if (named !== 'production' && named !== 'test')
      return fail(`--project takes production or test\n${platformAdminUsage}`);
    project = named;
    rest.splice(projectFlag, 2);
  }
  const [command, email, ...extra] = rest;
  if (command === 'list' && email === undefined) {
    const admins = await listPlatformAdmins(db, project);
    if (admins.length === 0)
      return { exitCode: 0, output: `No platform administrators in the ${project} project.` };
    const lines = admins.map(({ email: address, isActive }) =>
      isActive ? `  ${address}` : `  ${address}  (inactive: email unverified or account disabled)`,
    );
    return {
      exitCode: 0,
      output: [`Platform administrators in the ${project} project:`, ...lines].join('\n'),
    };
  }
  if ((command !== 'add' && command !== 'remove') || !email || extra.length > 0)
    return fail(platformAdminUsage);
  const change = await setPlatformAdmin(db, { project, email, isAdmin: command === 'add' });
  switch (change.outcome) {
    case 'no-account':
      return fail(platformAdminMessages.noAccount(change.email, project));
    case 'unverified':
      return fail(platformAdminMessages.unverified(change.email));
    case 'granted':
      return { exitCode: 0, output: `${change.email} is now a platform administrator (${project} project).` };
    case 'revoked':
      return {
        exitCode: 0,
        output: `${change.email} is no longer a platform administrator (${project} project).`,
      };
    case 'unchanged':
      return {
        exitCode: 0,
        output: `${change.email} ${command === 'add' ? 'already is' : 'was not'} a platform administrator (${project} project).`,
      };
  }
};
