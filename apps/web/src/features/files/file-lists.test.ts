import { describe, expect, it } from 'vitest';
import { dmsSizeBytes, fileActionsFor, filterByName, formatBytes } from './file-lists';

const all = { upload: true, delete: true, download: true, downloadAll: true };
const none = { upload: false, delete: false, download: false, downloadAll: false };

describe('file list rules (spec 000 §2, §6)', () => {
  it('offers everything on the live folders to every role once the role has loaded', () => {
    expect(fileActionsFor('sftp_source_server', 'monitoring', 'user')).toEqual(all);
    expect(fileActionsFor('sftp_return_server', 'monitoring', 'user')).toEqual(all);
    expect(fileActionsFor('sftp_source_server', 'monitoring', undefined)).toEqual(none);
  });

  it('offers only Download All on the monitoring backup folder, to every role (spec 000 §2)', () => {
    for (const role of ['user', 'admin', 'super_admin'] as const)
      expect(fileActionsFor('sftp_source_backup_main_page', 'monitoring', role)).toEqual({
        ...none,
        downloadAll: true,
      });
    expect(fileActionsFor('sftp_source_backup_main_page', 'monitoring', undefined)).toEqual(none);
  });

  it('offers backup downloads on detail screens to admin and super_admin only, never for API backups', () => {
    for (const list of ['sftp_source_backup', 'return_success', 'return_error'] as const) {
      expect(fileActionsFor(list, 'detail', 'super_admin')).toEqual({
        ...none,
        download: true,
        downloadAll: true,
      });
      expect(fileActionsFor(list, 'detail', 'user')).toEqual(none);
    }
    expect(fileActionsFor('api_request', 'detail', 'super_admin')).toEqual(none);
    expect(fileActionsFor('api_response', 'detail', 'admin')).toEqual(none);
  });

  it('offers the step-4 error files, one or all, to everyone (decision 0025)', () => {
    expect(fileActionsFor('step4_error', 'monitoring', 'user')).toEqual({
      ...none,
      download: true,
      downloadAll: true,
    });
    expect(fileActionsFor('step4_error', 'detail', 'user')).toEqual({
      ...none,
      download: true,
      downloadAll: true,
    });
    expect(fileActionsFor('step4_error', 'detail', 'admin')).toEqual({
      ...none,
      download: true,
      downloadAll: true,
    });
  });

  it('shows sizes in bytes with B., DMS kilobytes × 1024, and searches ignoring case', () => {
    expect(formatBytes(0)).toBe('0 B.');
    expect(formatBytes(1234)).toBe('1,234 B.');
    expect(dmsSizeBytes('1.5')).toBe(1536);
    expect(dmsSizeBytes('x')).toBe(0);
    expect(filterByName(['A.CSV', 'b.txt'], ' a.c ', (name) => name)).toEqual(['A.CSV']);
    expect(filterByName(['A.CSV', 'b.txt'], '', (name) => name)).toEqual(['A.CSV', 'b.txt']);
  });
});
