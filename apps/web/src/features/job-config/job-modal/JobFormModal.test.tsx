import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../app/testing/mock-fetch';
import { buildJobConfig } from '../testing/build-job-config';
import { findDialog } from '../../../app/testing/find-dialog';
import { fakeJobServer, renderJobConfig } from '../testing/job-config-test-kit';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof userEvent.setup>;

const input = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;
const SECTION_IDS: Record<string, string> = {
  Legacy: 'job-section-legacy',
  'Source sFTP Server': 'job-section-source',
  'Destination sFTP Server': 'job-section-return',
  'EDI Config': 'job-section-edi',
  'API Server': 'job-section-api',
  'DMS Server': 'job-section-dms',
};
/** A section of the modal by its title (found by test id: role queries are slow on a form this size). */
const section = (dialog: HTMLElement, title: string) =>
  within(dialog).queryByTestId(SECTION_IDS[title] ?? title);

async function openAdd(user: User) {
  await within(screen.getByTestId('job-config-table')).findByText('INV01');
  await user.click(screen.getByTestId('job-config-add'));
  return findDialog('Add Job Config');
}

/** Picks `option` in the antd Select labelled `label` inside `dialog`. */
async function choose(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(dialog).getByLabelText(label));
  // The options come with the company's server list: under load that takes more than the default 1 s.
  const options = await screen.findAllByText(
    option,
    { selector: '.ant-select-item-option-content' },
    { timeout: 10_000 },
  );
  await user.click(options.at(-1)!);
}

describe('Job modal', { timeout: 60_000 }, () => {
  it('starts a new job as IN_WAIT and shows the sections each legacy type needs', async () => {
    fakeJobServer();
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    const dialog = await openAdd(user);
    expect((within(dialog).getByLabelText('IN_WAIT') as HTMLInputElement).checked).toBe(true);
    expect(section(dialog, 'Source sFTP Server')).toBeTruthy();
    expect(section(dialog, 'DMS Server')).toBeNull();
    for (const name of ['Legacy', 'Destination sFTP Server', 'EDI Config', 'API Server'])
      expect(section(dialog, name)).toBeTruthy();
    expect(within(dialog).getAllByTestId(/^email-section-/)).toHaveLength(4);

    // The sections follow the watched legacy type (Form.useWatch), a render later under load.
    await user.click(within(dialog).getByLabelText('OUT_WAIT'));
    await waitFor(() => expect(section(dialog, 'Source sFTP Server')).toBeNull());

    await user.click(within(dialog).getByLabelText('DMS_WAIT'));
    await waitFor(() => expect(section(dialog, 'DMS Server')).toBeTruthy());
    const dms = section(dialog, 'DMS Server')!;
    expect(dms).toBeTruthy();
    expect(section(dialog, 'Source sFTP Server')).toBeTruthy();
    expect(input(dms, 'Dms Bucket').disabled).toBe(false);

    await user.click(within(dialog).getByLabelText('DMS_DYN_WAIT'));
    await waitFor(() => expect(input(dms, 'Dms Bucket').disabled).toBe(true));
    for (const label of ['Dms Bucket', 'Dms Box ID', 'Dms Group ID'])
      expect(input(dms, label).disabled).toBe(true);
    for (const label of ['Dms Role Access', 'Dms Group']) expect(input(dms, label).disabled).toBe(false);

    await user.click(within(dialog).getByLabelText('DMS_ETAX_WAIT'));
    await waitFor(() => expect(input(dms, 'Dms Bucket').disabled).toBe(false));
    await user.click(within(dialog).getByLabelText('EDI_CON'));
    await waitFor(() => expect(section(dialog, 'DMS Server')).toBeNull());
  });

  it('keeps default-valued paths locked until their unlock button is pressed', async () => {
    fakeJobServer();
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    const dialog = await openAdd(user);
    const local = input(dialog, 'Dest Local Path');
    expect(local.value).toBe('path_getsftp');
    expect(local.disabled).toBe(true);
    expect(input(dialog, 'API Server Result Path').value).toBe('api_result');
    expect(input(dialog, 'API Server Result Path').disabled).toBe(true);
    expect(input(dialog, 'Destination sFTP Server Success Path').disabled).toBe(true);
    expect(input(dialog, 'EDI Config Error Path').disabled).toBe(true);
    await user.click(within(dialog).getByLabelText('Unlock to edit: Dest Local Path'));
    expect(local.disabled).toBe(false);
    expect(input(dialog, 'API Server Result Path').disabled).toBe(true);
  });

  it('warns to fill in completely when a server is chosen before the company', async () => {
    fakeJobServer();
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    const dialog = await openAdd(user);
    await user.click(within(section(dialog, 'API Server')!).getByLabelText('API Server ID'));
    expect(await findDialog('Please fill in complete data')).toBeTruthy();
  });

  it('adds a job: servers of the chosen company, lists without spaces, the exact body, then a success dialog', async () => {
    const api = fakeJobServer();
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    const dialog = await openAdd(user);
    await choose(user, dialog, 'Company Code', 'ACME · Acme Trading');
    await user.type(input(dialog, 'Legacy ID'), 'INV02');
    await user.type(input(dialog, 'Legacy Name'), 'Invoices two');
    // Spec 001: a new job starts off (N), and the switch says so in words (issue 17).
    const isActive = within(section(dialog, 'Legacy')!).getByRole('switch', { name: 'Is Active' });
    expect(isActive.getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).getByTestId('job-form-inactive-hint').textContent).toContain(
      'does not run on its schedule',
    );
    await user.click(isActive);
    expect(isActive.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(within(dialog).queryByTestId('job-form-inactive-hint')).toBeNull());
    await choose(user, section(dialog, 'Source sFTP Server')!, 'sFTP Server ID', 'SFTP_A · 10.0.0.1:22');
    await choose(user, section(dialog, 'API Server')!, 'API Server ID', 'API_A · http://a');
    await user.type(input(dialog, 'API Class Name'), 'Invoice');
    const to = within(dialog).getByLabelText('Email Job Error To', { selector: 'input' });
    await user.type(to, ' ops @acme.test{Enter}');
    await user.type(to, 'ops@acme.test{Enter}');
    await user.click(within(dialog).getByTestId('job-form-save'));

    expect(await findDialog('Saved data successfully')).toBeTruthy();
    const [call] = api.calls('POST', '/v1/config/job-config/add');
    expect(call?.body).toMatchObject({
      sid: '555',
      companycode: 'ACME',
      legacyid: 'INV02',
      legacyname: 'Invoices two',
      legacytype: 'IN_WAIT',
      important_job: 'False',
      isactive: 'Y',
      sftp_source_server_id: 'SFTP_A',
      sftp_source_dest_localpath: 'path_getsftp',
      api_serverid: 'API_A',
      api_classname: 'Invoice',
      api_result_path: 'api_result',
      email_error_to: 'ops@acme.test',
      email_error_is_active: 'N',
      criteria_stopif_mainstatus_warning: 'Y',
    });
    const sftpLists = api.calls('GET', '/v1/config/sftp-server');
    expect(sftpLists.at(-1)?.url.searchParams.get('company_code')).toBe('ACME');
    expect(sftpLists.at(-1)?.url.searchParams.get('page_size')).toBe('1000');
    await waitFor(() => expect(screen.queryByTestId('job-form-modal')).toBeNull());
  });

  it('reloads the server options and clears chosen servers when the company changes', async () => {
    const api = fakeJobServer();
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    const dialog = await openAdd(user);
    await choose(user, dialog, 'Company Code', 'ACME · Acme Trading');
    // The server selects follow the watched company a render later: without it they warn instead of opening.
    const companiesAsked = () =>
      api.calls('GET', '/v1/config/api-server').map((c) => c.url.searchParams.get('company_code'));
    await waitFor(() => expect(companiesAsked()).toContain('ACME'));
    await choose(user, section(dialog, 'API Server')!, 'API Server ID', 'API_A · http://a');
    await choose(user, dialog, 'Company Code', 'BETA · Beta Foods');
    await waitFor(() =>
      expect(
        api.calls('GET', '/v1/config/api-server').map((c) => c.url.searchParams.get('company_code')),
      ).toContain('BETA'),
    );
    expect(within(section(dialog, 'API Server')!).queryByText('API_A · http://a')).toBeNull();
    await user.click(within(section(dialog, 'API Server')!).getByLabelText('API Server ID'));
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);
  });

  it("shows the server's 400 message as it comes and keeps the form open", async () => {
    fakeJobServer([buildJobConfig()], {
      'POST /v1/config/job-config/add': () =>
        jsonResponse({ message: 'Cron expression "x" is not valid' }, 400),
    });
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    const dialog = await openAdd(user);
    await choose(user, dialog, 'Company Code', 'ACME · Acme Trading');
    await user.type(input(dialog, 'Legacy ID'), 'INV02');
    await user.type(input(dialog, 'Legacy Name'), 'Invoices two');
    await user.click(within(dialog).getByTestId('job-form-save'));
    const error = await findDialog('Not successful');
    expect(within(error).getByText('Cron expression "x" is not valid')).toBeTruthy();
    expect(screen.getByTestId('job-form-modal')).toBeTruthy();
  });

  it('edits a job: fetched first, company and legacy id read-only, saved with PUT update', async () => {
    const api = fakeJobServer([
      buildJobConfig({
        legacytype: 'OUT_WAIT',
        sftp_return_server_id: 'SFTP_A',
        email_finished_to: 'a@acme.test|b@acme.test',
        email_finished_is_active: 'Y',
        legacy_criteria: '',
      }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(screen.getByRole('button', { name: 'Edit ACME INV01' }));
    const dialog = await findDialog('Edit Job Config: INV01');
    const [get] = api.calls('GET', '/v1/config/job-config/get');
    expect(Object.fromEntries(get?.url.searchParams ?? [])).toEqual({
      sid: '555',
      company_code: 'ACME',
      legacy_id: 'INV01',
    });
    expect(input(dialog, 'Legacy ID').disabled).toBe(true);
    expect(input(dialog, 'Legacy ID').value).toBe('INV01');
    expect(input(dialog, 'Company Code').disabled).toBe(true);
    expect(section(dialog, 'Source sFTP Server')).toBeNull();
    await user.clear(input(dialog, 'Legacy Name'));
    await user.type(input(dialog, 'Legacy Name'), 'Renamed');
    await user.click(within(dialog).getByLabelText('Remove a@acme.test'));
    await user.click(within(dialog).getByTestId('job-form-save'));
    await findDialog('Saved data successfully');
    const [put] = api.calls('PUT', '/v1/config/job-config/update');
    expect(put?.body).toMatchObject({
      companycode: 'ACME',
      legacyid: 'INV01',
      legacyname: 'Renamed',
      legacytype: 'OUT_WAIT',
      sftp_return_server_id: 'SFTP_A',
      email_finished_to: 'b@acme.test',
      email_finished_is_active: 'Y',
      cron_trigger: '0 0 12 * * ?',
    });
    expect(api.calls('POST', '/v1/config/job-config/add')).toHaveLength(0);
  });

  it('runs Test Connection with the form: the first missing server first, then the checks on the server', async () => {
    const api = fakeJobServer([buildJobConfig()], {
      'POST /v1/config/job-config/test-connection': () => ({ result_list: [] }),
    });
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByTestId('job-form-test-connection'));
    const missing = await findDialog('Please choose the API Server ID.');
    await user.click(within(missing).getByRole('button', { name: 'OK' }));

    await choose(user, dialog, 'Company Code', 'ACME · Acme Trading');
    await user.click(within(dialog).getByLabelText('OUT_WAIT'));
    await choose(user, section(dialog, 'API Server')!, 'API Server ID', 'API_A · http://a');
    await choose(user, section(dialog, 'Destination sFTP Server')!, 'sFTP Server ID', 'SFTP_A · 10.0.0.1:22');
    await user.type(input(dialog, 'sFTP Return Path'), '/out');
    await user.click(within(dialog).getByTestId('job-form-test-connection'));
    await user.click(within(await findDialog('Test Connection ?')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.calls('POST', '/v1/config/job-config/test-connection')).toHaveLength(1));
    expect(api.calls('POST', '/v1/config/job-config/test-connection')[0]?.body).toEqual({
      sid: '555',
      companycode: 'ACME',
      legacytype: 'OUT_WAIT',
      sftp_source_server_id: '',
      sftp_source_path: '',
      sftp_return_server_id: 'SFTP_A',
      sftp_return_path: '/out',
      api_serverid: 'API_A',
      api_classname: '',
      api_function_name: '',
    });
  });
});
