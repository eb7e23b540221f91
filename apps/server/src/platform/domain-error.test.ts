import { describe, expect, it } from 'vitest';
import { keyed, message, renderMessage } from '../i18n/messages.js';
import {
  conflict,
  DomainError,
  domainErrorData,
  domainErrorFrom,
  httpStatusOf,
  notFound,
  type DomainErrorCode,
} from './domain-error.js';

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
  it('carries its code, the kind its code names, key and parameters; its message is the English text', () => {
    const error = conflict('JOB_SUSPENDED', 'jobSuspended', { legacyId: 'J1' });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'JOB_SUSPENDED', kind: 'conflict', key: 'jobSuspended' });
    expect(error.message).toBe(message('en', 'jobSuspended', { legacyId: 'J1' }));
    expect(httpStatusOf(error.code)).toBe(409);
  });

  it("takes in each factory only the codes of the factory's status", () => {
    expect(notFound('JOB_NOT_FOUND', 'jobNotFound').kind).toBe('not_found');
    // @ts-expect-error JOB_ID_TAKEN is a 409: notFound refuses it at compile time.
    const wrongFactory = notFound('JOB_ID_TAKEN', 'jobConfigDuplicate');
    // And were it called anyway, the code decides the kind.
    expect(wrongFactory.kind).toBe('conflict');
    const codes: DomainErrorCode[] = [];
    // @ts-expect-error INTERNAL_ERROR (500) is no domain error: only the HTTP layer answers it.
    codes.push('INTERNAL_ERROR');
  });

  it('crosses a thread as plain data and comes back the same', () => {
    const error = notFound('FILE_NOT_FOUND', 'fileNotFound', { name: 'a.csv' });
    const back = domainErrorFrom(structuredClone(domainErrorData(error)));
    expect(back).toBeInstanceOf(DomainError);
    expect(back).toMatchObject({
      code: 'FILE_NOT_FOUND',
      kind: 'not_found',
      key: 'fileNotFound',
      params: { name: 'a.csv' },
    });
  });
});
