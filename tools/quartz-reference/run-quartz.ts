import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CalendarCase } from './calendar-cases.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What Quartz computed for a case: its fire times (capped: stopped at the bound), or its refusal. */
export type QuartzAnswer = { next: string[]; capped: boolean; tested: number } | { error: string };
export type QuartzCase = CalendarCase & QuartzAnswer;

/** True when the JDK's compiler is on PATH. */
export function hasJavac(): boolean {
  return spawnSync('javac', ['-version'], { stdio: 'ignore' }).status === 0;
}

/** Compiles Quartz's sources and the harness into a fresh temporary folder; returns the class path. */
export function compileHarness(): string {
  const classes = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-quartz-'));
  const sources = ['src', 'harness'].flatMap((folder) => javaFiles(path.join(here, folder)));
  execFileSync('javac', ['-nowarn', '-encoding', 'UTF-8', '-d', classes, ...sources], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return classes;
}

function javaFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return javaFiles(full);
    return entry.name.endsWith('.java') ? [full] : [];
  });
}

/** Runs the cases through real Quartz 2.3.2 (CalendarHarness), at most `maxCandidates` tested per fire time. */
export function runQuartz(
  cases: readonly CalendarCase[],
  maxCandidates: number,
  classPath = compileHarness(),
): QuartzCase[] {
  const input = cases.map((entry) => JSON.stringify(entry)).join('\n') + '\n';
  const output = execFileSync(
    'java',
    ['-Xss8m', '-cp', classPath, 'CalendarHarness', String(maxCandidates)],
    {
      input,
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    },
  );
  const answers = new Map<string, QuartzAnswer>();
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    const { id, ...answer } = JSON.parse(line) as { id: string } & QuartzAnswer;
    answers.set(id, answer);
  }
  return cases.map((entry) => {
    const answer = answers.get(entry.id);
    if (!answer) throw new Error(`Quartz gave no answer for ${entry.id}`);
    return { ...entry, ...answer };
  });
}
