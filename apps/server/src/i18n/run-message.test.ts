import { describe, expect, it } from 'vitest';
import { RUN_MESSAGES } from './run-messages.messages.js';
import {
  readStoredRunText,
  renderRunText,
  renderStoredRunText,
  runMessage,
  storedRunText,
} from './run-message.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('run messages by key', () => {
  it('every key has English and Thai with the same placeholders, and the Thai is Thai', () => {
    for (const [key, { en, th }] of Object.entries(RUN_MESSAGES)) {
      expect(placeholders(th), key).toEqual(placeholders(en));
      // Words aside from placeholders and codes: at least one Thai letter.
      if (en.replace(/\{\w+\}/g, '').replace(/[^A-Za-z]/g, '').length > 0 && !/^\{\w+\}; \{\w+\}$/.test(en))
        expect(th, key).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  it('shows the control and bidi characters of names as escapes, in every language and in the stored text', () => {
    const message = runMessage('runWaitingFor', { names: ['INV_\u202evsc.exe', 'a\u0000\u009f\u2066b'] });
    const shown = 'INV_\\u202Evsc.exe; a\\u0000\\u009F\\u2066b';
    expect(renderRunText('en', message)).toBe(`waiting for ${shown}`);
    expect(renderRunText('th', message)).toBe(`รอ ${shown}`);
    expect(storedRunText(message).message).toBe(`waiting for ${shown}`);
    // Text from outside keeps its line breaks; the rest is escaped, stored and read alike.
    expect(renderRunText('en', 'peer said\n\u202eoops')).toBe('peer said\n\\u202Eoops');
    expect(renderStoredRunText('th', { message: 'old \u202e row', message_key: null })).toBe(
      'old \\u202E row',
    );
  });

  it('renders nested messages and lists in the language asked for; the stored form is English', () => {
    const message = runMessage('stepEnded', {
      step: 1,
      name: runMessage('stepName1'),
      status: 'WARNING',
      detail: runMessage('loadLeftAtSource', {
        left: [runMessage('loadLeftFile', { name: 'a.csv', reason: 'boom' }), 'b.csv (odd)'],
      }),
    });
    expect(renderRunText('en', message)).toBe(
      'step 1 (load files) WARNING: left at the source: a.csv (boom); b.csv (odd)',
    );
    expect(renderRunText('th', message)).toBe(
      'ขั้นตอนที่ 1 (รับไฟล์) WARNING: ไฟล์ที่ยังอยู่ที่ต้นทาง: a.csv (boom); b.csv (odd)',
    );
    const stored = storedRunText(message);
    expect(stored.message).toBe(renderRunText('en', message));
    expect(stored.message_key).toBe('stepEnded');
    expect(renderStoredRunText('th', stored)).toBe(renderRunText('th', message));
    expect(readStoredRunText(stored)).toEqual(JSON.parse(JSON.stringify(message)));
  });

  it('text from outside, rows without a key, unknown keys and broken parameters read as stored', () => {
    expect(storedRunText('connect ECONNREFUSED')).toEqual({
      message: 'connect ECONNREFUSED',
      message_key: null,
      message_params: null,
    });
    expect(renderStoredRunText('th', { message: 'old english' })).toBe('old english');
    expect(renderStoredRunText('th', { message: 'x', message_key: 'noSuchKey', message_params: '{}' })).toBe(
      'x',
    );
    expect(renderStoredRunText('th', { message: 'x', message_key: 'runEnded', message_params: '{' })).toBe(
      'x',
    );
    expect(renderStoredRunText('th', { message: 'x', message_key: 'runEnded', message_params: '{}' })).toBe(
      'x',
    );
    expect(readStoredRunText({ message: 'x', message_key: 'runEnded', message_params: '{}' })).toBe('x');
  });

  it('an unknown key or a missing parameter does not compile', () => {
    // @ts-expect-error: not a key of the catalogue
    expect(() => runMessage('noSuchKey')).not.toThrow();
    // @ts-expect-error: runEnded needs {status}
    runMessage('runEnded', {});
    // @ts-expect-error: runEnded needs its parameters
    runMessage('runEnded');
    // @ts-expect-error: loadNoFile takes none
    runMessage('loadNoFile', { extra: 1 });
  });
});
