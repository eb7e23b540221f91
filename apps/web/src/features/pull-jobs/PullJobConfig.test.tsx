import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { findDialog } from '../../testing/find-dialog';
import { openDialog } from '../../testing/form-steps';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/mock-fetch';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { screenMessages } from '../../platform/screens/screen-messages';
import { ACME_ADMIN, buildPullJob, fakePullJobServer } from './pull-job-test-server';
import { PullJobConfig } from './PullJobConfig';
import { getButton, setupUser } from '../../testing/user';

const renderPullJobs = () => renderScreen(<PullJobConfig />, { user: ACME_ADMIN });

const table = () => screen.getByTestId('pull-job-table');

/** The screen, once the list shows PULL01. */
async function showPullJobs() {
  renderPullJobs();
  await within(table()).findByText('PULL01');
}

resetBetweenTests();

describe('Pull Job Config screen: list and search', { timeout: 30_000 }, () => {
  it('lists the PULL_WAIT jobs with their columns, 25 a page', async () => {
    const api = fakePullJobServer([buildPullJob('PULL01', { cron_trigger: '0 0 1 * * ?|0 30 2 * * ?' })]);
    renderPullJobs();
    const row = (await within(table()).findByText('PULL01')).closest('tr')!;
    for (const text of ['ACME', 'PULL01 name', 'PULL_WAIT', 'FAPP01', 'Y', '0 0 1 * * ?', '0 30 2 * * ?'])
      expect(within(row).getByText(text)).toBeTruthy();
    const [list] = api.calls('GET', '/v1/config/job-config');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({
      sid: '555',
      legacy_type: 'PULL_WAIT',
      page: '1',
      page_size: '25',
    });
  });

  it('searches with every filter and legacy_type=PULL_WAIT', async () => {
    const api = fakePullJobServer([buildPullJob('PULL01'), buildPullJob('OTHER02')]);
    const user = setupUser();
    renderPullJobs();
    await within(table()).findByText('OTHER02');
    await user.type(screen.getByLabelText('Legacy ID'), 'PULL');
    await user.type(screen.getByLabelText('Legacy Name'), 'Pull name');
    await user.type(screen.getByLabelText('Api Class Name'), 'Orders');
    await user.type(screen.getByLabelText('Api Function Name'), 'pull');
    await user.click(getButton(/Search/));
    await waitFor(() => expect(within(table()).queryByText('OTHER02')).toBeNull());
    expect(within(table()).getByText('PULL01')).toBeTruthy();
    const search = api.calls('GET', '/v1/config/job-config').at(-1)!;
    expect(Object.fromEntries(search.url.searchParams)).toEqual({
      sid: '555',
      legacy_id: 'PULL',
      legacy_name: 'Pull name',
      api_class_name: 'Orders',
      api_function_name: 'pull',
      legacy_type: 'PULL_WAIT',
      page: '1',
      page_size: '25',
    });
  });

  it('pages on the server: the next page and a smaller page size', async () => {
    const jobs = Array.from({ length: 30 }, (_, i) => buildPullJob(`PULL${String(i + 1).padStart(2, '0')}`));
    const api = fakePullJobServer(jobs);
    const user = setupUser();
    renderPullJobs();
    await within(table()).findByText('PULL25');
    expect(within(table()).queryByText('PULL26')).toBeNull();
    expect(screen.getByText('30 pull jobs')).toBeTruthy();
    await user.click(screen.getByTitle('2'));
    expect(await within(table()).findByText('PULL26')).toBeTruthy();
    expect(api.calls('GET', '/v1/config/job-config').at(-1)!.url.searchParams.get('page')).toBe('2');
    await user.click(screen.getByText('25 / page'));
    await user.click(await screen.findByText('10 / page'));
    await waitFor(() => {
      const last = api.calls('GET', '/v1/config/job-config').at(-1)!.url.searchParams;
      expect([last.get('page'), last.get('page_size')]).toEqual(['1', '10']);
    });
    expect(await within(table()).findByText('PULL10')).toBeTruthy();
    expect(within(table()).queryByText('PULL11')).toBeNull();
  });

  it("shows 'No Data...' and the server's message when the list fails", async () => {
    fakePullJobServer([], {
      'GET /v1/config/job-config': () => jsonResponse({ message: 'Database is down' }, 500),
    });
    renderPullJobs();
    expect(await screen.findByText('Database is down')).toBeTruthy();
    expect(screen.getAllByText('Not successful').length).toBeGreaterThan(0);
    expect(await within(table()).findByText('No Data...')).toBeTruthy();
  });

  it("deletes after the 'Delete data?' confirmation and reloads the list", async () => {
    const api = fakePullJobServer([buildPullJob('PULL01')]);
    const user = setupUser();
    await showPullJobs();
    const confirm = await openDialog(user, 'Delete PULL01', 'Delete data?');
    expect(within(confirm).getByText('Do you want to delete pull job PULL01 of company ACME?')).toBeTruthy();
    await user.click(getButton('Yes', confirm));
    expect(await screen.findByText('Deleted data successfully')).toBeTruthy();
    const [call] = api.calls('DELETE', '/v1/config/job-config');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      sid: '555',
      company_code: 'ACME',
      legacyid: 'PULL01',
    });
    expect(await within(table()).findByText('No Data...')).toBeTruthy();
  });

  it('does not delete when the confirmation is answered No', async () => {
    const api = fakePullJobServer([buildPullJob('PULL01')]);
    const user = setupUser();
    await showPullJobs();
    const confirm = await openDialog(user, 'Delete PULL01', 'Delete data?');
    await user.click(getButton('No', confirm));
    // Asked again and answered Yes: the one delete is this one.
    const again = await openDialog(user, 'Delete PULL01', 'Delete data?');
    expect(api.calls('DELETE', '/v1/config/job-config')).toEqual([]);
    await user.click(getButton('Yes', again));
    await screen.findByText('Deleted data successfully');
    expect(api.calls('DELETE', '/v1/config/job-config')).toHaveLength(1);
  });

  it('speaks Thai: headings, the delete confirmation and the success dialog', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    fakePullJobServer([buildPullJob('PULL01')]);
    const user = setupUser();
    await showPullJobs();
    expect(screen.getByText('ตั้งค่างานดึงข้อมูล')).toBeTruthy();
    expect(within(table()).getAllByText('รหัสบริษัท').length).toBeGreaterThan(0);
    await user.click(screen.getByLabelText('ลบ PULL01'));
    const confirm = await findDialog('ลบข้อมูล?');
    expect(within(confirm).getByText('คุณต้องการลบ Pull Job PULL01 ของบริษัท ACME หรือไม่?')).toBeTruthy();
    await user.click(within(confirm).getByText('ใช่'));
    const success = await findDialog('สำเร็จ');
    expect(within(success).getByText('ลบข้อมูลสำเร็จ')).toBeTruthy();
  });

  it('tells when the job to edit is gone, and reloads the list', async () => {
    const api = fakePullJobServer([buildPullJob('PULL01')], {
      'GET /v1/config/job-config/get': () => jsonResponse({ message: 'Job PULL01 was not found' }, 404),
    });
    const user = setupUser();
    await showPullJobs();
    const listsBefore = api.calls('GET', '/v1/config/job-config').length;
    await user.click(screen.getByLabelText('Edit PULL01'));
    const failure = await findDialog('Not successful');
    expect(within(failure).getByText('Job PULL01 was not found')).toBeTruthy();
    expect(screen.queryByText('Edit Pull Job Config: PULL01')).toBeNull();
    await waitFor(() =>
      expect(api.calls('GET', '/v1/config/job-config').length).toBeGreaterThan(listsBefore),
    );
  });

  // Issue 17: the Thai heading differed from the menu entry.
  it('is headed by its menu label, in Thai and in English', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    fakePullJobServer([buildPullJob('PULL01')]);
    await showPullJobs();
    expect(screen.getByRole('heading', { name: screenMessages.th.pulljobconfig })).toBeTruthy();
    expect(screenMessages.th.pulljobconfig).toBe('ตั้งค่างานดึงข้อมูล');
    cleanup();
    vi.unstubAllGlobals();
    localStorage.setItem('LIS_LANGUAGE', 'en');
    fakePullJobServer([buildPullJob('PULL01')]);
    await showPullJobs();
    expect(screen.getByRole('heading', { name: 'Pull Job Config' })).toBeTruthy();
  });
});
