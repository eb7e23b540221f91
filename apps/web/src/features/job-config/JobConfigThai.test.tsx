import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenMessages } from '../../platform/screens/screen-messages';
import { findDialog } from '../../testing/find-dialog';
import { fakeJobServer, renderJobConfig } from './testing/job-config-test-kit';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const table = () => screen.getByTestId('job-config-table');
const headers = () => Array.from(table().querySelectorAll('thead th')).map((th) => th.textContent ?? '');
const labelled = (container: HTMLElement, label: string) => within(container).getByLabelText(label);

async function openAdd(title: string) {
  const user = userEvent.setup({ delay: null });
  await within(table()).findByText('INV01');
  await user.click(screen.getByTestId('job-config-add'));
  return findDialog(title);
}

/** The columns issue 31 put behind "Columns" (JobConfigTable), as a user who ticked them all. */
const showEveryColumn = () =>
  localStorage.setItem('LIS_JOB_CONFIG_COLUMNS', JSON.stringify(['source', 'api', 'class', 'function']));

// Issue 17 point 2: the Job Config screen and its modal were almost all English in Thai.
describe('Job Config in Thai', { timeout: 60_000 }, () => {
  it('names the screen as the menu does, with Thai search labels and column titles', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    showEveryColumn();
    fakeJobServer();
    renderJobConfig();
    expect(await screen.findByRole('heading', { name: screenMessages.th.masterconfig })).toBeTruthy();
    expect(screenMessages.th.masterconfig).toBe('ตั้งค่างาน');
    const search = screen.getByRole('search');
    for (const label of [
      'รหัสบริษัท',
      'Legacy ID',
      'ชื่องาน (Legacy Name)',
      'ชื่อคลาส API (Api Class Name)',
      'ชื่อฟังก์ชัน API (Api Function Name)',
    ])
      expect(labelled(search, label)).toBeTruthy();
    await within(table()).findByText('INV01');
    expect(headers()).toEqual(
      expect.arrayContaining([
        'เมนู',
        'รหัสบริษัท',
        'Legacy ID',
        'ชื่องาน (Legacy Name)',
        'ประเภท Legacy',
        'sFTP Server ต้นทาง',
        'รหัส API Server',
        'ชื่อคลาส API',
        'ชื่อฟังก์ชัน API',
        'เปิดใช้งาน',
        'ตารางเวลา (Cron Trigger)',
      ]),
    );
  });

  it('gives the job modal Thai section titles and field labels', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    fakeJobServer();
    renderJobConfig();
    const dialog = await openAdd('เพิ่ม Job Config');
    const sections: Record<string, string> = {
      'job-section-legacy': 'ข้อมูล Legacy',
      'job-section-source': 'sFTP Server ต้นทาง',
      'job-section-return': 'sFTP Server ปลายทาง',
      'job-section-edi': 'ตั้งค่า EDI',
      'job-section-api': 'เซิร์ฟเวอร์ API',
    };
    for (const [testId, title] of Object.entries(sections))
      expect(within(within(dialog).getByTestId(testId)).getAllByText(title).length).toBeGreaterThan(0);
    for (const label of [
      'รหัสบริษัท',
      'ชื่องาน (Legacy Name)',
      'รหัส sFTP Server',
      'พาธต้นทางบน sFTP',
      'พาธปลายทางในเครื่อง',
      'พาธส่งกลับบน sFTP',
      'เวอร์ชันงาน (Job Version)',
      'พาธไฟล์ผลลัพธ์',
      'รหัส API Server',
      'ชื่อคลาส API',
      'ชื่อฟังก์ชัน API',
    ])
      expect(within(dialog).getAllByLabelText(label).length).toBeGreaterThan(0);
  });

  it('keeps the English texts as they were', async () => {
    showEveryColumn();
    fakeJobServer();
    renderJobConfig();
    expect(await screen.findByRole('heading', { name: 'Job config' })).toBeTruthy();
    const search = screen.getByRole('search');
    for (const label of ['Company Code', 'Legacy ID', 'Legacy Name', 'Api Class Name', 'Api Function Name'])
      expect(labelled(search, label)).toBeTruthy();
    await within(table()).findByText('INV01');
    expect(headers()).toEqual(
      expect.arrayContaining([
        'Menu',
        'Company Code',
        'Legacy Name',
        'Legacy Type',
        'API ClassName',
        'Cron Trigger',
      ]),
    );
    const dialog = await openAdd('Add Job Config');
    for (const label of ['Company Code', 'Legacy Name', 'sFTP Server ID', 'API Class Name', 'Result Path'])
      expect(within(dialog).getAllByLabelText(label).length).toBeGreaterThan(0);
    expect(
      within(within(dialog).getByTestId('job-section-api')).getAllByText('API Server').length,
    ).toBeGreaterThan(0);
  });
});
