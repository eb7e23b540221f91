import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '@lis/contracts';
import { describe, expect, it } from 'vitest';

/**
 * Issue 33, stable error codes: every error answer is `{message, code}`, and every code is in the
 * registry (`ERROR_CODES` of @lis/contracts) and in the table of docs/error-codes.md. The table is
 * written from the registry (`npm run error-codes`); this test fails when the committed table is
 * stale, when the server throws a code the table does not list, when the table lists a code the
 * registry does not hold, when a registered code is thrown nowhere, and when a factory of one
 * status is given a code of another.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SRC = path.join(ROOT, 'apps/server/src');
const DOC = path.join(ROOT, 'docs/error-codes.md');

/** The status of each domain-error factory (platform/domain-error.ts). */
const FACTORY_STATUS: Record<string, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unprocessable: 422,
  tooManyRequests: 429,
  peerFailed: 502,
  peerTimeout: 504,
};

/**
 * Where a code is written in the server: the first argument of a factory, of `new DomainError` or
 * of `new HttpError`; or a `code: '…'` property (an answer written by hand, a table of refusals).
 */
const THROWN = new RegExp(
  String.raw`\b(${[...Object.keys(FACTORY_STATUS), 'DomainError', 'HttpError'].join('|')})\(\s*'([A-Z][A-Z0-9_]*)'`,
  'g',
);
const CODE_PROPERTY = /\bcode:\s*'([A-Z][A-Z0-9]*_[A-Z0-9_]*)'/g;

interface Use {
  code: string;
  where: string;
  /** The factory or constructor that took it; undefined for a `code:` property. */
  callee?: string | undefined;
}

function serverSources(): string[] {
  return (fs.readdirSync(SRC, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('test-support'))
    .map((name) => path.join(SRC, name));
}

function codesUsedInTheServer(): Use[] {
  const uses: Use[] = [];
  for (const file of serverSources()) {
    const text = fs.readFileSync(file, 'utf8');
    const where = (index: number) =>
      `${path.relative(ROOT, file)}:${text.slice(0, index).split('\n').length}`;
    for (const match of text.matchAll(THROWN))
      uses.push({ code: match[2] ?? '', where: where(match.index), callee: match[1] });
    for (const match of text.matchAll(CODE_PROPERTY))
      uses.push({ code: match[1] ?? '', where: where(match.index) });
  }
  return uses;
}

/** docs/error-codes.md as the registry writes it. */
function errorCodesDocument(): string {
  const rows = Object.entries(ERROR_CODES).map(
    ([code, { status, when }]) => `| \`${code}\` | ${status} | ${when.replaceAll('|', '\\|')} |`,
  );
  return `# Error codes

<!-- Written by \`npm run error-codes\` from ERROR_CODES in packages/contracts/src/error-codes.ts; edit there. -->

Every answer other than 2xx is \`{"message": string, "code": string}\`:

- \`message\` is for people: English, or Thai when the request says \`Accept-Language: th\`. Its words may
  change from one release to the next.
- \`code\` is for programs: one of the codes below, named for the condition, stable across releases.
  A program (the console among them) branches on the code and the status, never on the message. A code
  is never renamed or given another meaning; a new condition gets a new code.

The status of a code never changes: each code is always answered with the status of its row (\`4xx\`:
the HTTP framework's own status). The server's domain errors take their kind from their code
(\`apps/server/src/platform/domain-error.ts\`), and the type of each factory admits only the codes of its
status; \`apps/server/test/error-codes.test.ts\` fails when the server throws a code that is not in this
table, or when this table differs from the registry.

The console imports the type \`ErrorCode\` from \`@lis/contracts\`; the OpenAPI document
(\`apps/server/openapi.json\`) lists the codes as the enum of \`ErrorResponse.code\`.

| Code | HTTP status | When |
|---|---|---|
${rows.join('\n')}
`;
}

/** The codes the committed table lists, read from the document itself. */
function documentedCodes(text: string): Map<string, string> {
  const rows = [...text.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]+) \|/gm)];
  return new Map(rows.map((row) => [row[1] ?? '', (row[2] ?? '').trim()]));
}

describe('docs/error-codes.md', () => {
  it('is the table the registry writes (regenerate with `npm run error-codes`)', () => {
    const current = errorCodesDocument();
    if (process.env.LIS_WRITE_ERROR_CODES === '1') fs.writeFileSync(DOC, current);
    expect(fs.readFileSync(DOC, 'utf8')).toBe(current);
  });

  it('lists every code the server throws or answers, with its status', () => {
    const documented = documentedCodes(fs.readFileSync(DOC, 'utf8'));
    const uses = codesUsedInTheServer();
    expect(uses.length).toBeGreaterThan(100);
    const missing = uses
      .filter((use) => !documented.has(use.code))
      .map((use) => `${use.code} (${use.where})`);
    expect(missing, 'codes used in apps/server/src but missing from docs/error-codes.md').toEqual([]);
    for (const [code, status] of documented) {
      if (!isErrorCode(code)) continue;
      expect(status, code).toBe(String(ERROR_CODES[code].status));
    }
  });

  it('lists only codes of the registry', () => {
    const documented = [...documentedCodes(fs.readFileSync(DOC, 'utf8')).keys()];
    expect(documented.filter((code) => !isErrorCode(code))).toEqual([]);
    expect(documented.sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });
});

describe('the registry of error codes', () => {
  it('holds no code the server never uses', () => {
    const used = new Set(codesUsedInTheServer().map((use) => use.code));
    expect(Object.keys(ERROR_CODES).filter((code) => !used.has(code))).toEqual([]);
  });

  it('names its codes in SCREAMING_SNAKE_CASE, each with a status and a description', () => {
    for (const [code, { status, when }] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/);
      expect(status === '4xx' || (status >= 400 && status <= 599), code).toBe(true);
      expect(when.length, code).toBeGreaterThan(10);
    }
  });

  it('gives each factory only the codes of its status', () => {
    const wrong = codesUsedInTheServer()
      .filter((use) => use.callee !== undefined && use.callee in FACTORY_STATUS && isErrorCode(use.code))
      .filter((use) => ERROR_CODES[use.code as ErrorCode].status !== FACTORY_STATUS[use.callee ?? ''])
      .map((use) => `${use.callee}('${use.code}') at ${use.where}`);
    expect(wrong).toEqual([]);
  });
});
