/**
 * The server's layers (docs/architecture.md) as an import rule: a folder may import only the layers
 * below it. From the bottom:
 *
 *   platform, i18n        clock, wall-clock, bounded regex, data-folder lock, domain errors; messages
 *   config, db            the environment; Kysely, schema, migrations, key-value settings, transactions
 *   adapters              sFTP, function server, DMS, JSON HTTP clients
 *   engine                cron, scheduler, worker, pipeline, files, mail, retention, system log
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

function layer(folder, forbidden, message) {
  return {
    files: [`apps/server/src/${folder}/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: into(forbidden), message },
            { regex: '(^|/)apps/web/', message: 'The server never imports the console.' },
          ],
        },
      ],
    },
  };
}

const ABOVE_ENGINE = ['modules', 'http', 'composition', 'demo', 'cli'];

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
  layer(
    'engine',
    ABOVE_ENGINE,
    'The engine imports no module, route or assembly: declare an interface in the engine and let composition/ pass the implementation.',
  ),
  layer(
    'modules',
    ['http', 'composition', 'demo', 'cli'],
    'Domain modules do not speak HTTP: throw a DomainError (platform/domain-error.ts); only http/ maps it to a status.',
  ),
  layer('http', ['composition', 'cli'], 'http/ is assembled by composition/; it does not import it.'),
];

const NEW_SERVICE = {
  selector: 'NewExpression[callee.name=/Service$/]',
  message:
    'Services are built once, by the composition root (composition/services.ts, createServices): take them from there.',
};
const REQUEST_CAST = {
  selector:
    "TSAsExpression[expression.type='MemberExpression'][expression.object.name='request'][expression.property.name=/^(body|query|params|headers)$/]",
  message:
    'Routes are typed by their schemas (http/typed-app.ts): read request parts without a cast; narrow input no schema has checked with isUncheckedObject.',
};

/** One composition root, and routes typed by their contract (issue 20). */
export const serverAssembly = [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...TESTS, 'apps/server/src/composition/**'],
    rules: { 'no-restricted-syntax': ['error', NEW_SERVICE] },
  },
  {
    files: ['apps/server/src/http/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', NEW_SERVICE, REQUEST_CAST] },
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
