import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { TestProviders } from '../../testing/TestProviders';
import { EmailStatusTag } from './StatusTag';

const show = (status: string) =>
  render(
    <TestProviders>
      <EmailStatusTag status={status} />
    </TestProviders>,
  );

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('EmailStatusTag (issue 17)', () => {
  it.each([
    ['SUCCESS', 'Success', 'success', 'accepted every e-mail'],
    ['ERROR', 'Error', 'error', 'certainly not delivered'],
    ['UNKNOWN', 'Unknown', 'warning', 'never confirmed'],
    ['PENDING', 'Pending', 'running', 'waiting to be sent'],
    ['KEPT', 'Kept', 'other', 'no SMTP server is configured'],
  ])('shows %s coloured, translated and explained', (status, label, kind, help) => {
    show(status);
    const tag = screen.getByText(label);
    expect(tag.className).toContain(`legacy-report-status-${kind}`);
    expect(tag.getAttribute('title')).toContain(help);
  });

  it('shows a dash for none, and an unknown value as it is', () => {
    show('');
    expect(screen.getByText('-')).toBeTruthy();
    cleanup();
    show('SKIPPED');
    expect(screen.getByText('SKIPPED').getAttribute('title')).toBeNull();
  });

  it('speaks Thai', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    show('KEPT');
    expect(screen.getByText('เก็บไว้').getAttribute('title')).toContain('SMTP');
    cleanup();
    show('UNKNOWN');
    expect(screen.getByText('ไม่ทราบผล')).toBeTruthy();
  });
});
