// The import rules of docs/architecture.md, checked by `npm run lint:imports` (part of `npm test`).
// Each `pathNot` exception names an edge the architecture issue still has to remove; the list shrinks,
// it never grows without a reason written beside it.
const product = '^(apps|packages)/[^/]+/src/';
const tests = '(\\.test\\.tsx?$|/test-support|-test-support\\.ts$|^apps/server/test/)';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: split the shared piece out.',
      severity: 'error',
      from: { path: product, pathNot: tests },
      to: { circular: true },
    },
    {
      name: 'db-is-the-floor',
      comment: 'db/ knows tables and connections only; nothing above it.',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: {
        path: '^apps/server/src/(platform|identity|mail|services|cli)/|^apps/server/src/(app|main)\\.ts$',
      },
    },
    {
      name: 'platform-below-modules',
      comment: 'platform/ holds the cross-cutting pieces every module uses; it uses no module.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/(identity|mail|services|cli)/|^apps/server/src/(app|main)\\.ts$' },
    },
    {
      name: 'identity-stands-alone',
      comment: 'The identity provider signals account events; it never reads the services.',
      severity: 'error',
      from: { path: '^apps/server/src/identity/' },
      to: { path: '^apps/server/src/(services|cli)/|^apps/server/src/(app|main)\\.ts$' },
    },
    {
      name: 'services-stay-in-their-room',
      comment:
        'A service reaches another only through its public surface (services/<name>/public.ts) or a domain event.',
      severity: 'error',
      from: { path: '^apps/server/src/services/([^/]+)/' },
      to: {
        path: '^apps/server/src/services/([^/]+)/',
        pathNot: ['^apps/server/src/services/$1/', '^apps/server/src/services/[^/]+/public\\.ts$'],
      },
    },
    {
      name: 'no-cycles-between-services',
      comment:
        'Between two service folders the imports run one way only, public.ts included: a shared piece moves down (platform/, mail/), or the news travels as a domain event.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/services/[^/]+$' },
      to: { path: '^apps/server/src/services/[^/]+$', circular: true },
    },
    {
      name: 'no-cycles-between-platform-rooms',
      comment:
        "platform/'s rooms stack: http/, data-access/ and reference/ at the bottom, runtime/ on http/, events/ on runtime/, auth/ and files/ on top.",
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/platform/[^/]+$' },
      to: { path: '^apps/server/src/platform/[^/]+$', circular: true },
    },
    {
      name: 'templating-below-modules',
      comment:
        'The template engine and the system mails serve identity, mail and services; they use none of them.',
      severity: 'error',
      from: { path: '^apps/server/src/templating/' },
      to: { path: '^apps/server/src/(identity|mail|services|cli)/|^apps/server/src/(app|main)\\.ts$' },
    },
    {
      name: 'pdf-below-modules',
      comment: 'PDF rendering prints what a module hands it; it knows no module.',
      severity: 'error',
      from: { path: '^apps/server/src/pdf/' },
      to: {
        path: '^apps/server/src/(identity|mail|services|templating|cli)/|^apps/server/src/(app|main)\\.ts$',
      },
    },
    {
      name: 'mail-below-services',
      comment: 'The outbox sends; who is told about a failure subscribes to the mail-failed event.',
      severity: 'error',
      from: { path: '^apps/server/src/mail/' },
      to: { path: '^apps/server/src/(services|cli)/' },
    },
    {
      name: 'only-entries-use-cli',
      comment: 'Operator commands are entries, not libraries.',
      severity: 'error',
      from: {
        path: product,
        pathNot: `${tests}|^apps/server/src/(main|start-banner)\\.ts$|^apps/server/src/cli/`,
      },
      to: { path: '^apps/server/src/cli/' },
    },
    {
      name: 'web-lib-below-app',
      comment: 'lib/ and components/ serve the app; they never import it or a feature.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|config)/', pathNot: tests },
      to: { path: '^apps/web/src/(app|features)/' },
    },
    {
      name: 'web-features-apart',
      comment: 'A feature never imports another: shared pieces move to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: tests },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'sides-meet-in-shared',
      comment: 'The web and the server share code only through @cargodesk/shared.',
      severity: 'error',
      from: { path: '^apps/(web|server)/src/' },
      to: { path: '^apps/(web|server)/src/', pathNot: '^apps/$1/src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The server's tests and their support reach across rooms on purpose (a platform test signs up
    // through access's test app): left in, they would join the folder graph the two
    // no-cycles-between-* rules check, so they are not cruised, and the server's rules need no
    // pathNot for them. The web's tests are cruised and skipped rule by rule.
    exclude: {
      path: '(^|/)(node_modules|dist)/|^apps/server/test/|^apps/server/src/.*(\\.test\\.ts$|test-support\\.ts$)',
    },
    tsPreCompilationDeps: true,
    // The web app's, for its `paths` (`@/…` is apps/web/src), so the rules above see those edges; the
    // rest of it is the base every program extends.
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
