import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 20, "one way through the server": only http/ speaks HTTP and the caller's language. Domain
 * code throws a DomainError (platform/domain-error.ts) with a message key; the error handler picks
 * the status and renders the message in the request's language. ESLint says the same per import
 * (tools/eslint/server-layers.js); this scan also covers the `lang` parameters and runs with the tests.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const HTTP = path.join(SRC, 'http');

/** The layers below http/ (composition/, server.ts and main.ts assemble, and may import it). */
const BELOW_HTTP = ['modules', 'engine', 'db', 'adapters', 'platform', 'i18n', 'config', 'demo', 'cli'];
/** Where the caller's language must not travel: it is the routes' business. */
const NO_CALLER_LANGUAGE = ['modules', 'engine'];

const isTest = (file: string) =>
  file.endsWith('.test.ts') ||
  file.endsWith('-test-support.ts') ||
  file.includes(`${path.sep}test-support${path.sep}`);

function sourceFiles(folder: string): string[] {
  const root = path.join(SRC, folder);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((name) => path.join(root, name))
    .filter((file) => file.endsWith('.ts') && !isTest(file));
}

/** The relative imports (static, dynamic, re-exports) of a source text that land in http/. */
function importsOfHttp(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map((m) => m[1] ?? '');
  return specifiers.filter((specifier) => {
    const target = path.resolve(path.dirname(file), specifier);
    return target === HTTP || target.startsWith(HTTP + path.sep);
  });
}

/** Parameters that carry the caller's language (`lang: Language`, `language?: Language`). */
function languageParameters(text: string): string[] {
  return [...text.matchAll(/\b(lang|language)\??\s*:\s*Language\b/g)].map((m) => m[0]);
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

describe('the server layers (issue 20)', () => {
  it('the scan finds an upward import and a language parameter when there is one', () => {
    const file = path.join(SRC, 'modules', 'users', 'user.service.ts');
    expect(importsOfHttp(file, "import { HttpError } from '../../http/http-error.js';")).toHaveLength(1);
    expect(importsOfHttp(file, "const m = await import('../../http/app.js');")).toHaveLength(1);
    expect(importsOfHttp(file, "import { x } from '../../engine/http-like.js';")).toHaveLength(0);
    expect(
      languageParameters('async create(input: UserCreate, language: Language): Promise<void>'),
    ).toHaveLength(1);
    expect(languageParameters('function check(name: string, lang?: Language) {')).toHaveLength(1);
  });

  it('nothing below http/ imports from http/', () => {
    const upward = BELOW_HTTP.flatMap(sourceFiles).flatMap((file) =>
      importsOfHttp(file, fs.readFileSync(file, 'utf8')).map(
        (specifier) => `${relative(file)} → ${specifier}`,
      ),
    );
    expect(upward).toEqual([]);
  });

  it("no module or engine function takes the caller's language", () => {
    const found = NO_CALLER_LANGUAGE.flatMap(sourceFiles).flatMap((file) =>
      languageParameters(fs.readFileSync(file, 'utf8')).map((parameter) => `${relative(file)}: ${parameter}`),
    );
    expect(found).toEqual([]);
  });
});
