import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { findDialog } from '../../testing/find-dialog';
import { TestProviders } from '../../testing/TestProviders';
import { buildReportRow } from '../legacy-report/legacy-report-testing';
import { MessageModal } from './MessageModal';

afterEach(() => cleanup());

describe('the message modal (spec 000 §2)', () => {
  it('never shows a control or bidi character raw: U+202E of a partner’s file name reads as \\u202E', async () => {
    const message = 'left at the source: INV_\u202evsc.exe\u0007.csv\nsecond line';
    render(
      <TestProviders>
        <MessageModal row={buildReportRow({ legacyid: 'BIDI-1', message })} onClose={() => undefined} />
      </TestProviders>,
    );
    const dialog = await findDialog('Message of BIDI-1');
    const text = dialog.textContent ?? '';
    expect(text).toContain('left at the source: INV_\\u202Evsc.exe\\u0007.csv');
    expect(text).toContain('second line');
    expect(text).not.toMatch(/[\u202e]/);
    expect(text.includes('\u0007')).toBe(false);
  });
});
