import { SOURCE_EXCLUDE_NAMES_DEFAULT } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import type { SftpEntry } from '../../../adapters/sftp/index.js';
import {
  baseName,
  chooseSourceFiles,
  describeWaiting,
  doneMarkerAfter,
  doneMarkerProblem,
  excludedNamePatterns,
  excludedNamesProblem,
  globMatches,
  markerName,
  normaliseExcludedNames,
  othersNeedingMarker,
  type SourceStabilityConfig,
} from './source-file-choice.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const SECOND = 1000;

/** A listed file whose mtime is `ageSeconds` before NOW (whole seconds, as SFTP v3 gives). */
const file = (name: string, ageSeconds = 3600): SftpEntry => ({
  name,
  size: 10,
  mtimeMs: NOW - ageSeconds * SECOND,
  isFile: true,
  isDirectory: false,
});

const config = (overrides: Partial<SourceStabilityConfig> = {}): SourceStabilityConfig => ({
  sftp_source_min_age_seconds: 0,
  sftp_source_done_marker: null,
  sftp_source_exclude_names: null,
  ...overrides,
});

const taken = (entries: SftpEntry[], job: SourceStabilityConfig, wanted?: (name: string) => boolean) =>
  chooseSourceFiles({ entries, config: job, listedAt: NOW, ...(wanted ? { wanted } : {}) }).take.map(
    (choice) => choice.entry.name,
  );

describe('chooseSourceFiles: defaults', () => {
  it('takes every ordinary file in listing order when the job sets nothing', () => {
    expect(taken([file('b.csv'), file('a.csv'), file('README')], config())).toEqual([
      'b.csv',
      'a.csv',
      'README',
    ]);
  });

  it('never takes the default temporary names when the exclusion field is blank', () => {
    const names = [
      'x.tmp',
      'x.TMP',
      'x.temp',
      'x.part',
      'x.partial',
      'x.csv.filepart',
      'x.crdownload',
      '.hidden.csv',
      '~lock.csv',
      'ok.csv',
    ];
    for (const blank of [null, '', '  ', ' | , '])
      expect(
        taken(
          names.map((name) => file(name)),
          config({ sftp_source_exclude_names: blank }),
        ),
      ).toEqual(['ok.csv']);
  });

  it('keeps only the wanted names (the job regex and type) and never reports the others', () => {
    const choice = chooseSourceFiles({
      entries: [file('a.csv', 1), file('b.txt', 1)],
      config: config({ sftp_source_min_age_seconds: 60 }),
      listedAt: NOW,
      wanted: (name) => name.endsWith('.csv'),
    });
    expect(choice.take).toEqual([]);
    expect(choice.waiting.map((w) => w.name)).toEqual(['a.csv']);
  });
});

describe('chooseSourceFiles: exclusions', () => {
  it('replaces the defaults with the listed patterns, `|` or `,` separated, case-insensitive', () => {
    const job = config({ sftp_source_exclude_names: '*.bak, draft_* | ?.csv' });
    expect(
      taken(
        [file('a.BAK'), file('draft_1.csv'), file('x.csv'), file('xy.csv'), file('.hidden'), file('y.tmp')],
        job,
      ),
    ).toEqual(['xy.csv', '.hidden', 'y.tmp']);
  });

  it('an excluded name is not even reported as waiting', () => {
    const choice = chooseSourceFiles({
      entries: [file('x.part', 0)],
      config: config({ sftp_source_min_age_seconds: 60 }),
      listedAt: NOW,
    });
    expect(choice).toEqual({ take: [], waiting: [] });
  });
});

describe('chooseSourceFiles: minimum age', () => {
  const job = config({ sftp_source_min_age_seconds: 60 });

  it('leaves a file younger than the minimum age and says how old it is', () => {
    const choice = chooseSourceFiles({ entries: [file('new.csv', 30)], config: job, listedAt: NOW });
    expect(choice.take).toEqual([]);
    expect(choice.waiting).toEqual([{ name: 'new.csv', reason: { kind: 'too-young', ageSeconds: 29 } }]);
  });

  it('counts from the end of the mtime second: exactly the minimum is still too young', () => {
    expect(taken([file('edge.csv', 60)], job)).toEqual([]);
    expect(taken([file('edge.csv', 61)], job)).toEqual(['edge.csv']);
  });

  it('takes the old files and leaves the young ones in the same listing', () => {
    expect(taken([file('old.csv', 600), file('new.csv', 5)], job)).toEqual(['old.csv']);
  });

  it('a server clock ahead of ours: the newest mtime of the folder is "now", so ages stay true', () => {
    // The server is 10 minutes ahead: a file it wrote 2 minutes ago carries NOW + 8 min.
    const ahead = 10 * 60;
    const justWritten = file('writing.csv', -ahead); // mtime = server now
    const twoMinutes = file('done.csv', 120 - ahead);
    expect(taken([twoMinutes, justWritten], job)).toEqual(['done.csv']);
    // Without a fresher file in the folder the two-minute-old one looks young: safe, just later.
    expect(taken([twoMinutes], job)).toEqual([]);
  });

  it('0 means no minimum age: a file stamped this second is taken', () => {
    expect(taken([file('now.csv', 0)], config())).toEqual(['now.csv']);
  });
});

describe('chooseSourceFiles: done-marker {name}', () => {
  const job = config({ sftp_source_done_marker: '{name}.done' });

  it('waits for x.csv.done, then takes x.csv with its marker; the marker is never data', () => {
    const before = chooseSourceFiles({ entries: [file('x.csv')], config: job, listedAt: NOW });
    expect(before.take).toEqual([]);
    expect(before.waiting).toEqual([{ name: 'x.csv', reason: { kind: 'no-marker', marker: 'x.csv.done' } }]);

    const after = chooseSourceFiles({
      entries: [file('x.csv'), file('x.csv.done')],
      config: job,
      listedAt: NOW,
    });
    expect(after.take).toEqual([{ entry: file('x.csv'), marker: { name: 'x.csv.done', sharedWith: [] } }]);
    expect(after.waiting).toEqual([]);
  });

  it('a marker without its file is neither taken nor reported, even when the job wants every name', () => {
    expect(chooseSourceFiles({ entries: [file('orphan.csv.done')], config: job, listedAt: NOW })).toEqual({
      take: [],
      waiting: [],
    });
  });

  it('a marker older than its file (left from an earlier file of that name) does not count', () => {
    const choice = chooseSourceFiles({
      entries: [file('x.csv', 10), file('x.csv.done', 3600)],
      config: job,
      listedAt: NOW,
    });
    expect(choice.take).toEqual([]);
    expect(choice.waiting).toEqual([
      { name: 'x.csv', reason: { kind: 'marker-older', marker: 'x.csv.done' } },
    ]);
    // Written in the same second as the file: it counts.
    expect(taken([file('x.csv', 10), file('x.csv.done', 10)], job)).toEqual(['x.csv']);
  });

  it('a prefix form done_{name} marks files by prefix', () => {
    const prefixed = config({ sftp_source_done_marker: 'done_{name}' });
    expect(taken([file('a.csv'), file('done_a.csv'), file('b.csv')], prefixed)).toEqual(['a.csv']);
  });

  it('a hidden marker is a marker, not an excluded data file', () => {
    const hidden = config({ sftp_source_done_marker: '.{name}.ready' });
    expect(taken([file('a.csv'), file('.a.csv.ready')], hidden)).toEqual(['a.csv']);
  });

  it('minimum age and marker together: both must hold', () => {
    const both = config({ sftp_source_done_marker: '{name}.done', sftp_source_min_age_seconds: 60 });
    expect(taken([file('x.csv', 5), file('x.csv.done', 5)], both)).toEqual([]);
    expect(taken([file('x.csv', 120), file('x.csv.done', 5)], both)).toEqual(['x.csv']);
  });
});

describe('chooseSourceFiles: done-marker {base}', () => {
  const job = config({ sftp_source_done_marker: '{base}.ok' });

  it('takes x.csv when x.ok exists; every name ending .ok is a marker', () => {
    expect(taken([file('x.csv'), file('x.ok'), file('y.csv'), file('report.ok')], job)).toEqual(['x.csv']);
  });

  it('one marker for several files: each knows the others, so the marker goes with the last', () => {
    const choice = chooseSourceFiles({
      entries: [file('x.csv'), file('x.pdf'), file('x.ok'), file('x.tmp')],
      config: job,
      listedAt: NOW,
      wanted: (name) => name.endsWith('.csv'),
    });
    expect(choice.take).toEqual([{ entry: file('x.csv'), marker: { name: 'x.ok', sharedWith: ['x.pdf'] } }]);
  });

  it('a name without extension is its own base', () => {
    expect(taken([file('INVOICE'), file('INVOICE.ok')], job)).toEqual(['INVOICE']);
  });
});

describe('done-marker helpers', () => {
  it('names the marker of a file in both forms', () => {
    expect(markerName('{name}.done', 'x.csv')).toBe('x.csv.done');
    expect(markerName('{base}.ok', 'x.tar.gz')).toBe('x.tar.ok');
    expect(baseName('.profile')).toBe('.profile');
    expect(baseName('x')).toBe('x');
  });

  it('doneMarkerAfter: null without a pattern; shared only in the {base} form', () => {
    expect(doneMarkerAfter({ sftp_source_done_marker: null }, 'x.csv')).toBeNull();
    expect(doneMarkerAfter({ sftp_source_done_marker: ' ' }, 'x.csv')).toBeNull();
    expect(doneMarkerAfter({ sftp_source_done_marker: '{name}.done' }, 'x.csv')).toEqual({
      marker: 'x.csv.done',
      shared: false,
    });
    expect(doneMarkerAfter({ sftp_source_done_marker: '{base}.ok' }, 'x.csv')).toEqual({
      marker: 'x.ok',
      shared: true,
    });
  });

  it('othersNeedingMarker: the other data files of the same marker, not markers or excluded names', () => {
    const job = config({ sftp_source_done_marker: '{base}.ok' });
    const listing = [file('x.csv'), file('x.pdf'), file('x.ok'), file('x.part'), file('y.csv')];
    expect(othersNeedingMarker(listing, job, 'x.csv')).toEqual(['x.pdf']);
    expect(othersNeedingMarker(listing.slice(2), job, 'x.csv')).toEqual([]);
  });

  it('accepts usable patterns and says what is wrong with the others', () => {
    for (const good of ['{name}.done', '{base}.ok', 'done_{name}', '.{name}.ready', '{name}.ok.'])
      expect(doneMarkerProblem(good), good).toBeNull();
    expect(doneMarkerProblem('done')).toMatch(/exactly one/);
    expect(doneMarkerProblem('{name}{base}.ok')).toMatch(/exactly one/);
    expect(doneMarkerProblem('{name}')).toMatch(/nothing but/);
    expect(doneMarkerProblem('../{name}.done')).toMatch(/\//);
    expect(doneMarkerProblem('sub/{name}.done')).toMatch(/\//);
    expect(doneMarkerProblem('{name}\\.done')).toMatch(/\//);
    expect(doneMarkerProblem('{name}.{ext}')).toMatch(/\{ or \}/);
    expect(doneMarkerProblem('{name}\u0000')).toMatch(/control/);
    expect(doneMarkerProblem(`{name}${'x'.repeat(100)}`)).toMatch(/longer/);
    expect(() =>
      chooseSourceFiles({ entries: [], config: config({ sftp_source_done_marker: 'x' }), listedAt: NOW }),
    ).toThrow(/done-marker pattern "x" is not valid/);
  });
});

describe('exclusion helpers', () => {
  it('globMatches: * any run, ? one character, all else itself', () => {
    expect(globMatches('*.tmp', 'a.tmp')).toBe(true);
    expect(globMatches('*.tmp', '.tmp')).toBe(true);
    expect(globMatches('*.tmp', 'a.tmpx')).toBe(false);
    expect(globMatches('.*', '.x')).toBe(true);
    expect(globMatches('.*', 'x.')).toBe(false);
    expect(globMatches('~*', '~$report.xlsx')).toBe(true);
    expect(globMatches('a?c', 'abc')).toBe(true);
    expect(globMatches('a?c', 'ac')).toBe(false);
    expect(globMatches('a.c', 'abc')).toBe(false);
    expect(globMatches('[ab]', 'a')).toBe(false);
    expect(globMatches('*', '')).toBe(true);
    expect(globMatches('ไฟล์*', 'ไฟล์ชั่วคราว.csv')).toBe(true);
  });

  // A backtracking matcher takes ~255^8 steps here: it would not answer within the test's timeout.
  it('globMatches answers a pattern that makes a regular expression backtrack', () => {
    expect(globMatches('*a*a*a*a*a*a*a*a*b', 'a'.repeat(255))).toBe(false);
  });

  it('the field: blank is the defaults, a list replaces them; stored `|`-joined', () => {
    expect(excludedNamePatterns(null)).toEqual(SOURCE_EXCLUDE_NAMES_DEFAULT.split('|'));
    expect(excludedNamePatterns(' *.bak , ~* ')).toEqual(['*.bak', '~*']);
    expect(normaliseExcludedNames(' *.bak , ~* ||')).toBe('*.bak|~*');
    expect(normaliseExcludedNames(' ')).toBe('');
  });

  it('refuses a path, control characters and over-long patterns', () => {
    expect(excludedNamesProblem('*.tmp|*.part')).toBeNull();
    expect(excludedNamesProblem('tmp/*')).toEqual({ pattern: 'tmp/*', problem: 'a / or \\' });
    expect(excludedNamesProblem('a\tb')?.problem).toBe('control characters');
    expect(excludedNamesProblem('x'.repeat(101))?.problem).toMatch(/longer than 100/);
    expect(excludedNamesProblem(Array(120).fill('*.abc').join('|'))?.problem).toMatch(/longer than 500/);
  });
});

describe('describeWaiting', () => {
  it('one line naming each file left and why, or null', () => {
    expect(describeWaiting([], 60)).toBeNull();
    expect(
      describeWaiting(
        [
          { name: 'a.csv', reason: { kind: 'too-young', ageSeconds: 12 } },
          { name: 'b.csv', reason: { kind: 'no-marker', marker: 'b.csv.done' } },
          { name: 'c.csv', reason: { kind: 'marker-older', marker: 'c.csv.done' } },
        ],
        60,
      ),
    ).toBe(
      'left 3 file(s) at the source for a later run: a.csv (12 s old, minimum 60 s), ' +
        'b.csv (no b.csv.done yet), c.csv (c.csv.done is older than the file)',
    );
  });
});
