import {
  JOB_CONFIG_EMAIL_FIELDS,
  JOB_CONFIG_TEXT_FIELDS,
  type JobConnectionTestRequest,
} from '@lis/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { findDialog } from '../../testing/find-dialog';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../platform/auth/current-user-context';
import { jsonResponse } from '../../testing/mock-fetch';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { ACME_ADMIN, buildPullJob, fakePullJobServer } from './pull-job-test-server';
import type * as JobTools from '../job-tools';
import { PullJobConfig } from './PullJobConfig';
import { setupUser } from '../../testing/user';

const connectionTestRun = vi.fn<(form: JobConnectionTestRequest) => void>();
vi.mock('../job-tools', async (importOriginal) => ({
  ...(await importOriginal<typeof JobTools>()),
  useJobConnectionTest: () => ({ run: connectionTestRun, element: null }),
}));

const renderPullJobs = (user: CurrentUser = ACME_ADMIN) => renderScreen(<PullJobConfig />, { user });

const field = (dialog: HTMLElement, label: string | RegExp) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

/**
 * Types a whole value at once, and queries go by label rather than by role: both are slow in a form
 * this size under jsdom.
 */
function fill(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function addToList(user: UserEvent, dialog: HTMLElement, label: string, entry: string) {
  const input = within(dialog)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT');
  fill(input!, entry);
  await user.click(within(dialog).getByLabelText(`Add ${label}`));
}

/** The predecessor picker: choose a job of the company, then its Add button. */
async function addPredecessor(user: UserEvent, dialog: HTMLElement, option: string) {
  const picker = within(dialog).getByLabelText('Predecessor Legacy ID');
  await chooseOption(user, picker, option);
  await user.click(picker.closest('.ant-space-compact')!.querySelector('button')!);
}

async function chooseOption(user: UserEvent, select: HTMLElement, option: string) {
  await user.click(select);
  const matches = await screen.findAllByTitle(option);
  await user.click(matches.at(-1)!);
}

/** The fields a pull job does not use, as a new form saves them (blank, or the spec's default paths). */
const UNUSED_FIELDS = {
  ...Object.fromEntries(Object.keys(JOB_CONFIG_TEXT_FIELDS).map((name) => [name, ''])),
  sftp_source_dest_localpath: 'path_getsftp',
  sftp_return_success_path: 'return_success',
  sftp_return_error_path: 'return_error',
  sftp_source_isdeletesource: 'N',
  sftp_source_min_age_seconds: 0,
  sftp_source_done_marker: '',
  sftp_source_exclude_names: '',
};

const EMPTY_EMAILS = Object.fromEntries(JOB_CONFIG_EMAIL_FIELDS.map((name) => [name, '']));

resetBetweenTests();
beforeEach(() => connectionTestRun.mockReset());

describe('Pull Job Config modal', { timeout: 120_000 }, () => {
  it('adds a pull job: type PULL_WAIT, sid 555, lists |-joined, then the list reloads', async () => {
    const api = fakePullJobServer([
      buildPullJob('IN01', { legacytype: 'IN_WAIT' }),
      buildPullJob('IN02', { legacytype: 'IN_WAIT' }),
    ]);
    const user = setupUser();
    renderPullJobs();
    await screen.findByText('No Data...');
    await user.click(screen.getByTestId('pull-job-add'));
    const dialog = await findDialog('Add Pull Job Config');
    await waitFor(() => expect(within(dialog).getByText('ACME · Acme Trading')).toBeTruthy());
    expect(field(dialog, 'Legacy Type').value).toBe('PULL_WAIT');
    expect(field(dialog, 'Legacy Type').readOnly).toBe(true);
    fill(field(dialog, 'Legacy ID'), 'PULL09');
    fill(field(dialog, 'Legacy Name'), 'Nightly pull');
    await user.click(within(dialog).getByText('ImportantJob'));
    await user.click(within(dialog).getByLabelText('Is Active'));
    await addPredecessor(user, dialog, 'IN01: IN01 name');
    await addPredecessor(user, dialog, 'IN02: IN02 name');
    const predecessors = within(dialog)
      .getAllByLabelText('Start After Legacy ID List Success')
      .find((element) => element.getAttribute('role') === 'list');
    expect(predecessors?.textContent).toBe('IN01IN02');
    await chooseOption(user, field(dialog, 'API Server ID'), 'FAPP01 · http://fapp.test/api');
    fill(field(dialog, 'API Class Name'), ' Orders ');
    fill(field(dialog, 'API Function Name'), 'pull');
    await addToList(user, dialog, 'Job Finished To', 'ops@acme.test');
    await addToList(user, dialog, 'Job Finished To', 'lead@acme.test');
    await user.click(within(dialog).getByLabelText('Job Finished Active'));
    const listsBefore = api.calls('GET', '/v1/config/job-config').length;
    await user.click(screen.getByTestId('pull-job-save'));

    const success = await findDialog('Success');
    expect(within(success).getByText('Saved data successfully')).toBeTruthy();
    expect(api.calls('POST', '/v1/config/job-config/add').map((call) => call.body)).toEqual([
      {
        ...UNUSED_FIELDS,
        sid: '555',
        companycode: 'ACME',
        legacyid: 'PULL09',
        legacyname: 'Nightly pull',
        legacytype: 'PULL_WAIT',
        important_job: 'True',
        isactive: 'Y',
        stopif_step4_error: 'N',
        criteria_stopif_mainstatus_warning: 'Y',
        cron_trigger: '',
        trigger_calendars: '',
        legacy_criteria: 'IN01|IN02',
        // A new pull job's scheduling policies as its form starts them: the defaults.
        overlap_policy: 'skip',
        misfire_policy: 'fire_once_now',
        // No retry policy of its own: the company's default, else none (docs/retries.md).
        retry_policy: null,
        api_serverid: 'FAPP01',
        api_classname: 'Orders',
        api_function_name: 'pull',
        api_success_path: 'api_source_success',
        api_error_path: 'api_source_error',
        api_result_path: 'api_result',
        ...EMPTY_EMAILS,
        email_finished_to: 'ops@acme.test|lead@acme.test',
        email_finished_is_active: 'Y',
        email_warning_is_active: 'N',
        email_error_is_active: 'N',
        f1_function_error_email_is_active: 'N',
      },
    ]);
    await waitFor(() =>
      expect(api.calls('GET', '/v1/config/job-config').length).toBeGreaterThan(listsBefore),
    );
  });

  it("keeps the form open and shows 'Not successful' with the server's message when the save fails", async () => {
    fakePullJobServer([], {
      'POST /v1/config/job-config/add': () =>
        jsonResponse({ message: 'Legacy ID PULL09 already exists in company ACME' }, 409),
    });
    const user = setupUser();
    renderPullJobs();
    await screen.findByText('No Data...');
    await user.click(screen.getByTestId('pull-job-add'));
    const dialog = await findDialog('Add Pull Job Config');
    await waitFor(() => expect(within(dialog).getByText('ACME · Acme Trading')).toBeTruthy());
    fill(field(dialog, 'Legacy ID'), 'PULL09');
    fill(field(dialog, 'Legacy Name'), 'Nightly pull');
    await user.click(screen.getByTestId('pull-job-save'));
    const failure = await findDialog('Not successful');
    expect(within(failure).getByText('Legacy ID PULL09 already exists in company ACME')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
    expect(field(dialog, 'Legacy ID').value).toBe('PULL09');
  });

  it('asks for the required fields before saving', async () => {
    const api = fakePullJobServer([]);
    const user = setupUser();
    renderPullJobs();
    await screen.findByText('No Data...');
    await user.click(screen.getByTestId('pull-job-add'));
    const dialog = await findDialog('Add Pull Job Config');
    await user.click(screen.getByTestId('pull-job-save'));
    expect(await within(dialog).findByText('Please fill in Legacy ID')).toBeTruthy();
    expect(within(dialog).getByText('Please fill in Legacy Name')).toBeTruthy();
    expect(api.calls('POST', '/v1/config/job-config/add')).toEqual([]);
  });

  it('edits: fetches the job, locks company and legacy id, and updates with the lists kept', async () => {
    const api = fakePullJobServer([
      buildPullJob('PULL01', {
        cron_trigger: '0 0 1 * * ?|0 30 2 * * ?',
        legacy_criteria: 'IN01|IN02',
        email_error_to: 'ops@acme.test',
        email_error_is_active: 'Y',
        api_result_path: 'custom_result',
      }),
    ]);
    const user = setupUser();
    renderPullJobs();
    await user.click(await screen.findByLabelText('Edit PULL01'));
    const dialog = await findDialog('Edit Pull Job Config: PULL01');
    const [get] = api.calls('GET', '/v1/config/job-config/get');
    expect(Object.fromEntries(get!.url.searchParams)).toEqual({
      sid: '555',
      company_code: 'ACME',
      legacy_id: 'PULL01',
    });
    expect(field(dialog, 'Legacy ID').readOnly).toBe(true);
    expect(field(dialog, 'Legacy ID').value).toBe('PULL01');
    expect(field(dialog, 'Company Code').disabled).toBe(true);
    expect(within(dialog).getAllByTestId('cron-trigger-row')).toHaveLength(2);
    expect(field(dialog, 'API Server Result Path').value).toBe('custom_result');
    expect(field(dialog, 'API Server Result Path').disabled).toBe(true);
    await user.click(within(dialog).getByLabelText('Unlock to edit: API Server Result Path'));
    fill(field(dialog, 'API Server Result Path'), 'api_result_2');
    fill(field(dialog, 'Legacy Name'), 'Renamed');
    await user.click(screen.getByTestId('pull-job-save'));
    await findDialog('Success');
    const [update] = api.calls('PUT', '/v1/config/job-config/update');
    expect(update?.body).toMatchObject({
      sid: '555',
      companycode: 'ACME',
      legacyid: 'PULL01',
      legacyname: 'Renamed',
      legacytype: 'PULL_WAIT',
      cron_trigger: '0 0 1 * * ?|0 30 2 * * ?',
      legacy_criteria: 'IN01|IN02',
      api_serverid: 'FAPP01',
      api_result_path: 'api_result_2',
      email_error_to: 'ops@acme.test',
      email_error_is_active: 'Y',
    });
    expect(api.calls('POST', '/v1/config/job-config/add')).toEqual([]);
  });

  it('creates from a template: an existing pull job opens as a new one with its legacy id cleared', async () => {
    const api = fakePullJobServer([buildPullJob('PULL01', { legacy_criteria: 'IN01' })]);
    const user = setupUser();
    renderPullJobs();
    await screen.findByLabelText('Edit PULL01');
    await user.click(screen.getByTestId('pull-job-template'));
    const picker = await findDialog('Create From Template');
    const create = within(picker).getByText('Create').closest('button')!;
    expect(create.hasAttribute('disabled')).toBe(true);
    await chooseOption(
      user,
      within(picker).getByLabelText('Template (an existing pull job)'),
      '555 | ACME | PULL01',
    );
    const templates = api.calls('GET', '/v1/config/job-config').at(-1)!;
    expect(templates.url.searchParams.get('legacy_type')).toBe('PULL_WAIT');
    expect(templates.url.searchParams.get('page_size')).toBe('1000');
    await user.click(create);

    const dialog = await findDialog('Add Pull Job Config');
    expect(field(dialog, 'Legacy ID').value).toBe('');
    expect(field(dialog, 'Legacy ID').readOnly).toBe(false);
    expect(field(dialog, 'Legacy Name').value).toBe('PULL01 name');
    expect(field(dialog, 'API Class Name').value).toBe('Orders');
    fill(field(dialog, 'Legacy ID'), 'PULL02');
    await user.click(screen.getByTestId('pull-job-save'));
    await findDialog('Success');
    expect(api.calls('POST', '/v1/config/job-config/add')[0]?.body).toMatchObject({
      legacyid: 'PULL02',
      legacyname: 'PULL01 name',
      legacytype: 'PULL_WAIT',
      legacy_criteria: 'IN01',
      cron_trigger: '0 0/5 * * * ?',
      api_serverid: 'FAPP01',
    });
  });

  it('Test Connection needs a company, then tests the form as a PULL_WAIT job', async () => {
    fakePullJobServer([buildPullJob('PULL01')]);
    const user = setupUser();
    // Two companies: the new form has none chosen.
    renderPullJobs({ ...ACME_ADMIN, companies: ['ACME', 'BETA'], companyFilter: ['ACME', 'BETA'] });
    await screen.findByLabelText('Edit PULL01');
    await user.click(screen.getByTestId('pull-job-add'));
    const add = await findDialog('Add Pull Job Config');
    await user.click(screen.getByTestId('pull-job-test'));
    expect(await screen.findByText('Please fill in SID and Company Code first.')).toBeTruthy();
    expect(connectionTestRun).not.toHaveBeenCalled();
    await user.click(screen.getAllByText('Close').at(-1)!);
    await user.click(within(add).getAllByText('Close').at(-1)!);

    await user.click(screen.getByLabelText('Edit PULL01'));
    await findDialog('Edit Pull Job Config: PULL01');
    await user.click(screen.getByTestId('pull-job-test'));
    expect(connectionTestRun).toHaveBeenCalledWith({
      sid: '555',
      sftp_source_server_id: '',
      sftp_source_path: '',
      sftp_return_server_id: '',
      sftp_return_path: '',
      companycode: 'ACME',
      legacytype: 'PULL_WAIT',
      api_serverid: 'FAPP01',
      api_classname: 'Orders',
      api_function_name: 'pull',
    });
  });
});
