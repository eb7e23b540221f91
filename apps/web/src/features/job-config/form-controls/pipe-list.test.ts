import { describe, expect, it } from 'vitest';
import { addToPipeList, normalisePipeList, removeFromPipeList, splitPipeList } from './pipe-list';

describe('pipe lists', () => {
  it('splits on | and drops blank entries', () => {
    expect(splitPipeList('a| |b||c')).toEqual(['a', 'b', 'c']);
    expect(splitPipeList('')).toEqual([]);
    expect(splitPipeList(undefined)).toEqual([]);
  });

  it('adds an entry with its spaces removed, ignoring empty ones and duplicates', () => {
    expect(addToPipeList('', ' a @x.com ')).toBe('a@x.com');
    expect(addToPipeList('a@x.com', 'b@x.com')).toBe('a@x.com|b@x.com');
    expect(addToPipeList('a@x.com', 'a@x. com')).toBe('a@x.com');
    expect(addToPipeList('a@x.com', '   ')).toBe('a@x.com');
  });

  it('removes one entry', () => {
    expect(removeFromPipeList('a|b|c', 'b')).toBe('a|c');
  });

  it('normalises a stored list for saving', () => {
    expect(normalisePipeList(' a @x.com | |b@x.com|a@x.com')).toBe('a@x.com|b@x.com');
  });
});
