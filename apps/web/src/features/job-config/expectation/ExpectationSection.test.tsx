import type { JobExpectation } from '@lis/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../platform/i18n/language';
import { findDialog } from '../../../testing/find-dialog';
import { jsonResponse, type MockEndpoint } from '../../../testing/mock-fetch';
import { resetBetweenTests } from '../../../testing/render-screen';
import { getButton, setupUser } from '../../../testing/user';
import { buildJobConfig } from '../testing/build-job-config';
import { fakeJobServer, renderJobConfig } from '../testing/job-config-test-kit';

/*
 * Issue 35 in Job Config: the job's file deadline is read with the job (GET /v1/job-expectations, 404 =
 * none) and written after it when the job is saved — PUT when switched on and changed, DELETE when
 * switched off and the job had one, nothing otherwise.
 */

resetBetweenTests();

const STORED: JobExpectation = {
  company_code: 'ACME',
  legacy_id: 'INV01',
  enabled: true,
  deadline: '10:00',
  warn_before_minutes: 30,
  min_files: 2,
  max_files: null,
  min_size_bytes: 1536,
};

type User = ReturnType<typeof setupUser>;

/** The job server with INV01, and its expectation routes over `stored` (null: none). */
function serve(stored: JobExpectation | null, routes: Record<string, MockEndpoint> = {}) {
  return fakeJobServer([buildJobConfig()], {
    'GET /v1/job-expectations': () =>
      stored ?? jsonResponse({ message: 'No file deadline', code: 'EXPECTATION_NOT_FOUND' }, 404),
    'PUT /v1/job-expectations': ({ body }) => body,
    'DELETE /v1/job-expectations': () => ({ message: 'Deleted' }),
    ...routes,
  });
}

async function editInv01(user: User) {
  renderJobConfig();
  await within(screen.getByTestId('job-config-table')).findByText('INV01');
  await user.click(getButton('Edit ACME INV01'));
  const dialog = await findDialog('Edit Job Config: INV01');
  return within(dialog).getByTestId('job-section-deadline');
}

const numberIn = (section: HTMLElement, label: string) =>
  within(section).getByLabelText(label) as HTMLInputElement;

async function save(user: User, section: HTMLElement) {
  await user.click(within(section.closest<HTMLElement>('[role="dialog"]')!).getByTestId('job-form-save'));
}

describe('the job form’s file deadline (issue 35)', { timeout: 60_000 }, () => {
  it('shows the stored deadline, and saves a change with PUT after the job', async () => {
    const user = setupUser();
    const api = serve(STORED);
    const section = await editInv01(user);
    const [get] = api.calls('GET', '/v1/job-expectations');
    expect(Object.fromEntries(get?.url.searchParams ?? [])).toEqual({
      company_code: 'ACME',
      legacy_id: 'INV01',
    });
    expect(
      within(section)
        .getByRole('switch', { name: 'Expect files by a deadline' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(numberIn(section, 'Deadline').value).toBe('10:00');
    expect(numberIn(section, 'Min files').value).toBe('2');
    expect(numberIn(section, 'Max files').value).toBe('');
    // The size in bytes, and what it is in KB.
    expect(section.textContent).toContain('In bytes: 1.5 KB.');
    fireEvent.change(numberIn(section, 'Min size of each file'), { target: { value: '5242880' } });
    await waitFor(() => expect(section.textContent).toContain('In bytes: 5 MB.'));
    fireEvent.change(numberIn(section, 'Warn before'), { target: { value: '15' } });
    fireEvent.change(numberIn(section, 'Max files'), { target: { value: '4' } });
    await save(user, section);
    await findDialog('Saved data successfully');
    expect(api.calls('PUT', '/v1/config/job-config/update')).toHaveLength(1);
    expect(api.calls('PUT', '/v1/job-expectations').map((call) => call.body)).toEqual([
      { ...STORED, warn_before_minutes: 15, max_files: 4, min_size_bytes: 5_242_880 },
    ]);
    expect(api.calls('DELETE', '/v1/job-expectations')).toHaveLength(0);
  });

  it('deletes the stored deadline when it is switched off, and sends nothing for an unchanged one', async () => {
    const user = setupUser();
    const api = serve(STORED);
    let section = await editInv01(user);
    await save(user, section);
    await findDialog('Saved data successfully');
    expect(api.calls('PUT', '/v1/job-expectations')).toHaveLength(0);
    await user.click(getButton('OK'));

    await user.click(getButton('Edit ACME INV01'));
    section = within(await findDialog('Edit Job Config: INV01')).getByTestId('job-section-deadline');
    await user.click(within(section).getByRole('switch', { name: 'Expect files by a deadline' }));
    expect(within(section).getByTestId('deadline-off').textContent).toContain('No deadline');
    await save(user, section);
    await findDialog('Saved data successfully');
    const deletes = api.calls('DELETE', '/v1/job-expectations');
    expect(deletes.map((call) => Object.fromEntries(call.url.searchParams))).toEqual([
      { company_code: 'ACME', legacy_id: 'INV01' },
    ]);
    expect(api.calls('PUT', '/v1/job-expectations')).toHaveLength(0);
  });

  it('gives a job without one (404) a new deadline: the defaults, the time picked', async () => {
    const user = setupUser();
    const api = serve(null);
    const section = await editInv01(user);
    expect(within(section).getByTestId('deadline-off')).toBeTruthy();
    await user.click(within(section).getByRole('switch', { name: 'Expect files by a deadline' }));
    // Nothing picked yet: refused before anything is sent.
    await save(user, section);
    expect(await within(section).findByText('please choose the deadline')).toBeTruthy();
    expect(api.calls('PUT', '/v1/config/job-config/update')).toHaveLength(0);
    const deadline = numberIn(section, 'Deadline');
    await user.click(deadline);
    await user.type(deadline, '09:30{Enter}');
    await waitFor(() => expect(within(section).queryByText('please choose the deadline')).toBeNull());
    await save(user, section);
    await findDialog('Saved data successfully');
    expect(api.calls('PUT', '/v1/job-expectations').map((call) => call.body)).toEqual([
      {
        company_code: 'ACME',
        legacy_id: 'INV01',
        enabled: true,
        deadline: '09:30',
        warn_before_minutes: 30,
        min_files: 1,
        max_files: null,
        min_size_bytes: 0,
      },
    ]);
  });

  it('refuses a maximum below the minimum and a warning before the day starts', async () => {
    const user = setupUser();
    const api = serve({ ...STORED, deadline: '00:20', warn_before_minutes: 10 });
    const section = await editInv01(user);
    fireEvent.change(numberIn(section, 'Max files'), { target: { value: '1' } });
    fireEvent.change(numberIn(section, 'Warn before'), { target: { value: '30' } });
    await save(user, section);
    expect(await within(section).findByText('cannot be below the minimum')).toBeTruthy();
    expect(within(section).getByText('the warning would come before the day starts')).toBeTruthy();
    expect(api.calls('PUT', '/v1/config/job-config/update')).toHaveLength(0);
  });

  it('says so when the job was saved but its deadline was refused', async () => {
    const user = setupUser();
    serve(STORED, {
      'PUT /v1/job-expectations': () =>
        jsonResponse({ message: 'max_files (1) is below min_files (2)', code: 'EXPECTATION_INVALID' }, 400),
    });
    const section = await editInv01(user);
    fireEvent.change(numberIn(section, 'Warn before'), { target: { value: '20' } });
    await save(user, section);
    const dialog = await findDialog('The job was saved, but its file deadline was not');
    expect(within(dialog).getByText('max_files (1) is below min_files (2)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('job-form-modal')).toBeNull());
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    const user = setupUser();
    serve(STORED);
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(getButton('แก้ไข ACME INV01'));
    const dialog = await findDialog(/INV01/);
    const section = within(dialog).getByTestId('job-section-deadline');
    expect(section.textContent).toContain('กำหนดเวลาไฟล์');
    expect(section.textContent).toContain('หน่วยเป็นไบต์: 1.5 KB');
  });
});
