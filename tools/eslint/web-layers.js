import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderLayers } from './folder-layers.js';

/**
 * The console's floor plan (docs/architecture.md, "The console"), from the bottom:
 *
 *   platform    API client and endpoint table, session and signed-in user, i18n, screen table, loading
 *   ui          the UI kit: tables, forms, filter panel, dialogs, time zone, Ant Design set-up
 *   testing     test kit (providers, fake API, user steps): imported by tests and test kits only
 *   features/*  one folder per capability; one feature imports another only through its index.ts,
 *               and only along FEATURE_USES (declared, checked for cycles)
 *   pages       one file per route: a feature's screen in the page frame
 *   app         the shell: App, layout, routes, session guards
 *
 * Tests and test kits are not layered: they build what they test.
 */

const SRC = 'apps/web/src';
const here = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = fs
  .readdirSync(path.resolve(here, '../..', SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Which feature uses which: the only arrows allowed between features. */
export const FEATURE_USES = {
  account: ['auth'],
  'alert-config': ['alerts', 'companies'],
  alerts: ['companies'],
  'api-servers': ['companies'],
  calendars: ['companies'],
  'chain-jobs': ['calendars', 'companies', 'job-tools', 'quartz'],
  'dms-servers': ['companies'],
  'email-content': ['companies', 'mail-outbox'],
  employees: ['companies', 'demo'],
  files: ['monitoring', 'settings'],
  'job-config': ['calendars', 'companies', 'job-tools', 'quartz'],
  'legacy-detail': ['files', 'monitoring', 'run-history', 'settings'],
  'legacy-report': ['files', 'monitoring', 'run-history', 'settings'],
  'legacy-task': ['legacy-report', 'monitoring', 'run-history', 'settings'],
  maintenance: ['companies', 'job-tools'],
  'pull-jobs': ['companies', 'job-config', 'job-tools', 'quartz'],
  'run-history': ['monitoring'],
  'sftp-servers': ['companies'],
  'wall-monitor': ['monitoring'],
};

const feature = (name) => `features/${name}`;
const usedFeatures = [...new Set(Object.values(FEATURE_USES).flat())];
const ALL_FEATURES = FEATURES.map(feature);

const mayImport = {
  platform: [],
  ui: ['platform'],
  testing: ['platform', 'ui'],
  ...Object.fromEntries(
    FEATURES.map((name) => [feature(name), ['platform', 'ui', ...(FEATURE_USES[name] ?? []).map(feature)]]),
  ),
  pages: ['platform', 'ui', ...ALL_FEATURES],
  app: ['platform', 'ui', ...ALL_FEATURES, 'pages'],
  root: ['platform', 'ui', 'app'],
};

const why = {
  platform: 'platform/ is the bottom floor: it imports nothing of the console',
  ui: 'the UI kit imports only platform/: a screen passes it what it needs',
  testing: 'the test kit imports only platform/ and ui/',
  pages: 'a page imports features, ui/ and platform/, never the shell',
};
for (const name of FEATURES) {
  const uses = FEATURE_USES[name] ?? [];
  why[feature(name)] =
    `a feature imports platform/, ui/${uses.length ? ` and the features it declares (${uses.join(', ')})` : ''}; declare a new use in FEATURE_USES of tools/eslint/web-layers.js if it keeps the plan acyclic`;
}

export const webLayers = [
  folderLayers({
    name: 'lis/web-layers',
    files: [`${SRC}/**/*.{ts,tsx}`],
    ignores: [
      `${SRC}/**/*.test.{ts,tsx}`,
      `${SRC}/**/*-testing.{ts,tsx}`,
      `${SRC}/**/*-test-server.{ts,tsx}`,
      `${SRC}/features/**/testing/**`,
      `${SRC}/test-setup.ts`,
    ],
    options: {
      root: SRC,
      units: [
        ['^platform/', 'platform'],
        ['^ui/', 'ui'],
        ['^testing/', 'testing'],
        ['^features/([^/]+)/', 'features/$1'],
        ['^pages/', 'pages'],
        ['^app/', 'app'],
        ['^[^/]+$', 'root'],
      ],
      mayImport,
      entries: Object.fromEntries(usedFeatures.map((name) => [feature(name), ['index.ts']])),
      why,
    },
  }),
];
