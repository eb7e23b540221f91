/**
 * The server's layers (docs/architecture.md) as an import rule: a folder may import only the layers
 * below it. From the bottom:
 *
 *   platform, i18n        clock, wall-clock, bounded regex, data-folder lock, domain errors; messages
 *   config, db            the environment; Kysely, schema, migrations, key-value settings, transactions
 *   adapters              sFTP, function server, DMS, JSON HTTP clients
 *   engine                cron, scheduler, worker, pipeline, files, mail, retention, system log —
 *                         layered inside too (ENGINE_LEVELS below): engine/runs at its bottom
 *   modules               repositories and services of each domain (may use the engine)
 *   http                  Fastify app, plugins, routes (the only place that speaks HTTP)
 *   composition, demo,    assembly: wire everything together (server.ts, main.ts too)
 *   cli
 *
 * Tests (`*.test.ts`, `*-test-support.ts`, `test-support/`) are not layered: they build what they test.
 * Packages are imported by name (`@lis/contracts`), never by a path into another workspace.
 */

const TESTS = ['**/*.test.ts', '**/*-test-support.ts', 'apps/server/src/test-support/**'];

/** `from '../../modules/…'` and the like: a relative import that climbs into one of `folders`. */
const into = (folders) => `^(\\.\\./)+(${folders.join('|')})/`;

const NO_CONSOLE = { regex: '(^|/)apps/web/', message: 'The server never imports the console.' };

/**
 * `folder` may not import `forbidden`, nor whatever `more` names, nor the console. In flat config a
 * later object for the same files replaces this rule's options, so a folder inside a layer (the
 * engine's) repeats its layer's prohibitions.
 */
function layer(folder, forbidden, message, more = []) {
  return {
    files: [`apps/server/src/${folder}/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: into(forbidden), message }, ...more, NO_CONSOLE] },
      ],
    },
  };
}

const ABOVE_ENGINE = ['modules', 'http', 'composition', 'demo', 'cli'];
const ENGINE_MESSAGE =
  'The engine imports no module, route or assembly: declare an interface in the engine and let composition/ pass the implementation.';

/**
 * The engine's folders from the bottom (issue 33, docs/architecture.md "The engine"): a folder imports
 * only the folders of the levels below its own, never one of its own level. engine/runs owns the run —
 * its types, states and rules, its claim, and every write of its rows — and imports no other engine
 * folder; engine/calendar (issue 34: Quartz's business calendars) reads engine/cron; the worker runs what the scheduler fired and plugs in the pipeline (worker/job-handler.ts); engine/alerts (issue 35) is the AlertSink interface alone, engine/expectations evaluates file deadlines over the scheduler's trigger predictions and raises through it; engine/server-checks (decision 0049) checks the servers' connections under a retention-style lease and raises through it too.
 */
export const ENGINE_LEVELS = [
  ['cron', 'system-log', 'files', 'alerts'],
  ['runs', 'calendar'],
  ['mail', 'retention'],
  ['scheduler'],
  ['worker', 'expectations', 'server-checks'],
  ['pipeline'],
];

/** `from '../worker/…'` (or `'../../engine/worker/…'`): a relative import into one of the engine's `folders`. */
const intoEngine = (folders) => `^(\\.\\./)+(engine/)?(${folders.join('|')})/`;

const ORDER = ENGINE_LEVELS.map((level) => level.join(', ')).join('; ');

function engineLayer(folder, level) {
  const notBelow = ENGINE_LEVELS.slice(level)
    .flat()
    .filter((other) => other !== folder);
  const more =
    notBelow.length === 0
      ? []
      : [
          {
            regex: intoEngine(notBelow),
            message: `The engine's folders from the bottom: ${ORDER}. engine/${folder}/ imports only those below it: move what a lower folder needs down to it (a run's type or rule to engine/runs), or let the caller pass it.`,
          },
        ];
  return layer(`engine/${folder}`, ABOVE_ENGINE, ENGINE_MESSAGE, more);
}

const engineLayers = ENGINE_LEVELS.flatMap((folders, level) =>
  folders.map((folder) => engineLayer(folder, level)),
);

export const serverLayers = [
  layer(
    'platform',
    ['config', 'db', 'adapters', 'engine', ...ABOVE_ENGINE],
    'platform/ is the bottom layer: it imports only i18n/ and other platform/ files.',
  ),
  layer(
    'i18n',
    ['platform', 'config', 'db', 'adapters', 'engine', ...ABOVE_ENGINE],
    'i18n/ holds message catalogues only: it imports nothing of the server.',
  ),
  layer(
    'config',
    ['db', 'adapters', 'engine', ...ABOVE_ENGINE],
    'config/ reads the environment: it imports only platform/ and i18n/.',
  ),
  layer(
    'db',
    ['adapters', 'engine', ...ABOVE_ENGINE],
    'db/ is storage only: it imports platform/, i18n/ and config/.',
  ),
  layer(
    'adapters',
    ['db', 'engine', ...ABOVE_ENGINE],
    'adapters/ talk to peers (sFTP, function server, DMS): no database, engine or domain imports.',
  ),
  layer('engine', ABOVE_ENGINE, ENGINE_MESSAGE),
  ...engineLayers,
  layer(
    'modules',
    ['http', 'composition', 'demo', 'cli'],
    'Domain modules do not speak HTTP: throw a DomainError (platform/domain-error.ts); only http/ maps it to a status.',
  ),
  layer(
    'http',
    ['composition', 'demo', 'cli'],
    'http/ is assembled by composition/; it does not import it, nor demo/ or cli/: declare what a route needs in http/ and let composition/ pass it.',
  ),
];

const NEW_SERVICE = {
  selector: 'NewExpression[callee.name=/Service$/]',
  message:
    'Services are built once, by the composition root (composition/services.ts, createServices): take them from there.',
};
const NEW_REPOSITORY = {
  selector: 'NewExpression[callee.name=/Repository$/], NewExpression[callee.property.name=/Repository$/]',
  message:
    'Repositories are built once, by the composition root (composition/repositories.ts, createRepositories): take yours through your constructor or arguments (decision 0041).',
};
/** The peers' client classes: DMS, function server, the sFTP session and channel. */
const PEER_CLIENTS = '/^(DmsClient|FunctionServerClient|SftpSession|SftpChannel)$/';
const NEW_PEER_CLIENT = {
  selector: [
    `NewExpression[callee.name=${PEER_CLIENTS}]`,
    `NewExpression[callee.property.name=${PEER_CLIENTS}]`,
    // ssh2's client, as `new ssh2.Client()` or destructured (`const { Client } = ssh2`); pg's is the database's.
    "NewExpression[callee.object.name='ssh2'][callee.property.name='Client']",
    "NewExpression[callee.name='Client']",
    "CallExpression[callee.name='openSftp']",
  ].join(', '),
  message:
    'Peer clients are built by the composition root (composition/peer-clients.ts): take PeerClients (adapters/peer-clients.ts) through your constructor or arguments; a new delivery or source target is an adapter in engine/pipeline/transfer/ and one line of composition/transfer-targets.ts (decision 0041).',
};
const REQUEST_CAST = {
  selector:
    "TSAsExpression[expression.type='MemberExpression'][expression.object.name='request'][expression.property.name=/^(body|query|params|headers)$/]",
  message:
    'Routes are typed by their schemas (http/typed-app.ts): read request parts without a cast; narrow input no schema has checked with isUncheckedObject.',
};

/**
 * One composition root, and routes typed by their contract (issues 20, 33). ESLint's flat config lets the
 * last object that matches a file set a rule's options, so each object lists every selector for its files.
 * adapters/ implement the peer clients (openSftp builds its session): only the repository and service
 * rules hold there.
 */
export const serverAssembly = [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...TESTS, 'apps/server/src/composition/**'],
    rules: { 'no-restricted-syntax': ['error', NEW_SERVICE, NEW_REPOSITORY, NEW_PEER_CLIENT] },
  },
  {
    files: ['apps/server/src/adapters/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', NEW_SERVICE, NEW_REPOSITORY] },
  },
  {
    files: ['apps/server/src/http/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', NEW_SERVICE, NEW_REPOSITORY, NEW_PEER_CLIENT, REQUEST_CAST] },
  },
];

/** The console and the shared packages import the server by no path. */
export const workspaceBoundaries = [
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/server/',
              message: 'The console and the packages share types through @lis/contracts only.',
            },
          ],
        },
      ],
    },
  },
];
