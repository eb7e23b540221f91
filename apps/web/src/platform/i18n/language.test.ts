import { describe, expect, it } from 'vitest';
import { format, plural } from './language';

const KEYS = { one: 'totalOne', other: 'total' } as const;

describe('plural', () => {
  it('picks the singular for exactly one in English', () => {
    expect(plural('en', 1, KEYS)).toBe('totalOne');
    expect(plural('en', 0, KEYS)).toBe('total');
    expect(plural('en', 2, KEYS)).toBe('total');
    expect(plural('en', 21, KEYS)).toBe('total');
  });

  it('has a single form in Thai', () => {
    expect(plural('th', 1, KEYS)).toBe('total');
    expect(plural('th', 2, KEYS)).toBe('total');
  });
});

describe('format', () => {
  it('fills the placeholders it has values for', () => {
    expect(format('{total} user', { total: 1 })).toBe('1 user');
    expect(format('ผู้ใช้ {total} คน {x}', { total: 1 })).toBe('ผู้ใช้ 1 คน {x}');
  });
});
