import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../testing/TestProviders';
import { StepStatusStrip, stepStatusKind } from './StepStatusStrip';

describe('StepStatusStrip', () => {
  it('draws one coloured badge per step with its name, state, time and message on hover', () => {
    render(
      <TestProviders>
        <StepStatusStrip
          label="Steps of JOB-1"
          steps={[
            { step: 'Load Files', status: 'SUCCESS', time: '01-02-2025 10:00:00' },
            { step: 'Call Function', status: 'ERROR', message: 'HTTP 500', after: <button>again</button> },
            { step: 'Send Email', status: '', short: '@' },
          ]}
        />
      </TestProviders>,
    );
    const strip = screen.getByRole('group', { name: 'Steps of JOB-1' });
    const badges = strip.querySelectorAll('.step-status-badge');
    expect([...badges].map((badge) => badge.textContent)).toEqual(['1', '2', '@']);
    expect(badges[0]?.classList.contains('step-status-badge-success')).toBe(true);
    expect(badges[0]?.getAttribute('title')).toBe('Load Files: SUCCESS\nstarted 01-02-2025 10:00:00');
    expect(badges[1]?.classList.contains('step-status-badge-error')).toBe(true);
    expect(badges[1]?.getAttribute('title')).toBe('Call Function: ERROR\nHTTP 500');
    expect(badges[2]?.classList.contains('step-status-badge-none')).toBe(true);
    expect(badges[2]?.getAttribute('title')).toBe('Send Email: not run');
    expect(strip.contains(screen.getByRole('button', { name: 'again' }))).toBe(true);
  });

  it('knows the colour family of every state', () => {
    expect(stepStatusKind('FINISHED')).toBe('success');
    expect(stepStatusKind('warning')).toBe('warning');
    expect(stepStatusKind('RUNNING')).toBe('running');
    expect(stepStatusKind('SKIPPED')).toBe('other');
    expect(stepStatusKind(' ')).toBe('none');
  });
});
