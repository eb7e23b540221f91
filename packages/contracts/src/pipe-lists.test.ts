import { describe, expect, it } from 'vitest';
import { parseChainMembers, splitPipeList } from './pipe-lists.js';

describe('pipe lists', () => {
  it('splits on |, trims each entry and drops the empty ones', () => {
    expect(splitPipeList(' a | |b||c ')).toEqual(['a', 'b', 'c']);
    expect(splitPipeList('')).toEqual([]);
    expect(splitPipeList(undefined)).toEqual([]);
    expect(splitPipeList(null)).toEqual([]);
  });

  it('reads legacy_list entries `legacyId,legacyName` joined by |', () => {
    expect(parseChainMembers('A,Job A| B , Job B |C')).toEqual([
      { legacyId: 'A', legacyName: 'Job A' },
      { legacyId: 'B', legacyName: 'Job B' },
      { legacyId: 'C', legacyName: '' },
    ]);
    expect(parseChainMembers('J1,Job one| J2 , Job two |J3')).toEqual([
      { legacyId: 'J1', legacyName: 'Job one' },
      { legacyId: 'J2', legacyName: 'Job two' },
      { legacyId: 'J3', legacyName: '' },
    ]);
    expect(parseChainMembers('')).toEqual([]);
  });

  it('keeps a comma inside the name (only the first one separates)', () => {
    expect(parseChainMembers('A,Job, the first')).toEqual([{ legacyId: 'A', legacyName: 'Job, the first' }]);
  });
});
