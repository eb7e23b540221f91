import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { serverAssembly, serverLayers, workspaceBoundaries } from './tools/eslint/server-layers.js';
import { webLayers } from './tools/eslint/web-layers.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // Tests wait on conditions, never on clocks (issue 20): `eventually` (apps/server/src/test-support),
    // `vi.waitFor`, `expect.poll`, or a fake clock moved on. A delay that is itself under test (a slow
    // peer, a fault injector, a mocked network's latency) goes through `deliberateDelay` (the server's or
    // the console's); those three files are the whole allow-list.
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.e2e.ts',
      'apps/server/test/**/*.ts',
      'apps/server/src/test-support/**/*.ts',
      'apps/server/src/**/*-test-support.ts',
      'apps/web/src/testing/**/*.{ts,tsx}',
      'apps/web/src/**/*-testing.{ts,tsx}',
      'apps/web/src/test-setup.ts',
      'e2e/support/**/*.ts',
    ],
    ignores: [
      'apps/server/src/test-support/eventually.ts',
      'apps/server/src/test-support/deliberate-delay.ts',
      'apps/web/src/testing/deliberate-delay.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.name='setTimeout']",
          "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(window|globalThis|global)$/][callee.property.name='setTimeout']",
        ].map((selector) => ({
          selector,
          message:
            'No timers in tests: wait on the condition (eventually, vi.waitFor, expect.poll), move a fake clock (vi.advanceTimersByTimeAsync), or name a delay under test with deliberateDelay.',
        })),
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No waitForTimeout: wait for what the page should show (locator.waitFor, expect.poll).',
        },
        {
          selector: 'ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]',
          message: 'No timer promises in tests: wait on a condition with eventually, or use deliberateDelay.',
        },
        {
          selector:
            'VariableDeclarator[id.name=/^(sleep|delay|wait)$/i][init.type=/FunctionExpression$/], FunctionDeclaration[id.name=/^(sleep|delay|wait)$/i], MethodDefinition[key.name=/^sleep$/i]',
          message: 'No sleep helpers in tests: wait on a condition with eventually.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...serverLayers,
  ...serverAssembly,
  ...workspaceBoundaries,
  ...webLayers,
);
