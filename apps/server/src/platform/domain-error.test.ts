import { describe, expect, it } from 'vitest';
import { keyed, message, renderMessage } from '../i18n/messages.js';
import { conflict, DomainError, domainErrorData, domainErrorFrom, notFound } from './domain-error.js';

describe('renderMessage', () => {
  it('renders flat parameters exactly as message() does, unknown placeholders kept', () => {
    for (const language of ['en', 'th'] as const) {
      expect(renderMessage(language, keyed('jobNotFound', { company: 'A', legacyId: 'J1' }))).toBe(
        message(language, 'jobNotFound', { company: 'A', legacyId: 'J1' }),
      );
      expect(renderMessage(language, keyed('jobNotFound', { legacyId: 'J1' }))).toBe(
        message(language, 'jobNotFound', { legacyId: 'J1' }),
      );
      expect(renderMessage(language, keyed('userDuplicate'))).toBe(message(language, 'userDuplicate'));
    }
  });

  it('renders nested messages and lists in the same language', () => {
    const nested = keyed('fileNameNotAllowed', { name: 'CON', problem: keyed('fileNameReserved') });
    expect(renderMessage('en', nested)).toBe(
      'The file name CON cannot be used: it is a name Windows reserves for a device',
    );
    expect(renderMessage('th', nested)).toBe(
      message('th', 'fileNameNotAllowed', { name: 'CON', problem: message('th', 'fileNameReserved') }),
    );
    expect(renderMessage('en', keyed('textAsGiven', { text: ['a', 1, keyed('notFound')] }))).toBe(
      'a; 1; Not found',
    );
  });
});

describe('DomainError', () => {
  it('carries its kind, key, parameters and code; its message is the English text', () => {
    const error = conflict('jobSuspended', { legacyId: 'J1' }, { code: 'SUSPENDED' });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'conflict', key: 'jobSuspended', code: 'SUSPENDED' });
    expect(error.message).toBe(message('en', 'jobSuspended', { legacyId: 'J1' }));
  });

  it('crosses a thread as plain data and comes back the same', () => {
    const error = notFound('fileNotFound', { name: 'a.csv' });
    const back = domainErrorFrom(structuredClone(domainErrorData(error)));
    expect(back).toBeInstanceOf(DomainError);
    expect(back).toMatchObject({ kind: 'not_found', key: 'fileNotFound', params: { name: 'a.csv' } });
  });
});
