import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../../testing/find-dialog';
import { jsonResponse } from '../../../testing/mock-fetch';
import { resetBetweenTests } from '../../../testing/render-screen';
import { getButton, setupUser } from '../../../testing/user';
import { buildJobConfig } from '../testing/build-job-config';
import { fakeJobServer, renderJobConfig } from '../testing/job-config-test-kit';

/*
 * What only a render shows: the modal's wiring to the form, the servers and the save. The rules behind
 * it are tested without rendering (issue 20: this file was the slowest of the web's): the sections of
 * each legacy type, the Test Connection body and its first missing field, a company change's reset
 * (job-form.test.ts); a list entry's spaces and duplicates (pipe-list.test.ts, form-controls.test.tsx).
 */

resetBetweenTests();

/** Types a whole value at once: typing a key at a time re-renders a form this size for every key. */
const fill = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

type User = ReturnType<typeof setupUser>;

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
async function choose(user: User, dialog: HTMLElement, label: string, option: string) {
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
  it('starts a new job as IN_WAIT: its sections, locked default paths, a DMS type, and the first missing fields', async () => {
    fakeJobServer();
    const user = setupUser();
    renderJobConfig();
    const dialog = await openAdd(user);
    expect((within(dialog).getByLabelText('IN_WAIT') as HTMLInputElement).checked).toBe(true);
    expect(section(dialog, 'Source sFTP Server')).toBeTruthy();
    expect(section(dialog, 'DMS Server')).toBeNull();
    for (const name of ['Legacy', 'Destination sFTP Server', 'EDI Config', 'API Server'])
      expect(section(dialog, name)).toBeTruthy();
    expect(within(dialog).getAllByTestId(/^email-section-/)).toHaveLength(4);

    // Default-valued paths stay locked until their unlock button is pressed.
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

    // The sections follow the watched legacy type (Form.useWatch), a render later under load.
    await user.click(within(dialog).getByLabelText('DMS_DYN_WAIT'));
    await waitFor(() => expect(section(dialog, 'DMS Server')).toBeTruthy());
    const dms = section(dialog, 'DMS Server')!;
    expect(section(dialog, 'Source sFTP Server')).toBeTruthy();
    for (const label of ['Dms Bucket', 'Dms Box ID', 'Dms Group ID'])
      expect(input(dms, label).disabled).toBe(true);
    for (const label of ['Dms Role Access', 'Dms Group']) expect(input(dms, label).disabled).toBe(false);

    // Test Connection runs on the form: the first missing server first.
    await user.click(within(dialog).getByTestId('job-form-test-connection'));
    const missing = await findDialog('Please choose the API Server ID.');
    await user.click(getButton('OK', missing));

    // A server chosen before the company: fill in completely.
    await user.click(within(section(dialog, 'API Server')!).getByLabelText('API Server ID'));
    expect(await findDialog('Please fill in complete data')).toBeTruthy();
  });

  it('adds a job: a 400 shown as it comes with the form kept open, then the servers of the chosen company, the exact body and a success dialog', async () => {
    let adds = 0;
    const api = fakeJobServer([buildJobConfig()], {
      'POST /v1/config/job-config/add': () =>
        ++adds === 1
          ? jsonResponse({ message: 'Cron expression "x" is not valid' }, 400)
          : { message: 'Saved data successfully' },
    });
    const user = setupUser();
    renderJobConfig();
    const dialog = await openAdd(user);
    await choose(user, dialog, 'Company Code', 'ACME · Acme Trading');
    fill(input(dialog, 'Legacy ID'), 'INV02');
    fill(input(dialog, 'Legacy Name'), 'Invoices two');
    await user.click(within(dialog).getByTestId('job-form-save'));
    const error = await findDialog('Not successful');
    expect(within(error).getByText('Cron expression "x" is not valid')).toBeTruthy();
    expect(screen.getByTestId('job-form-modal')).toBeTruthy();
    await user.click(getButton('OK', error));

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
    fill(input(dialog, 'API Class Name'), 'Invoice');
    const to = within(dialog).getByLabelText('Email Job Error To', { selector: 'input' });
    fill(to, ' ops @acme.test');
    await user.type(to, '{Enter}');
    await user.click(within(dialog).getByTestId('job-form-save'));

    expect(await findDialog('Saved data successfully')).toBeTruthy();
    const call = api.calls('POST', '/v1/config/job-config/add').at(-1);
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
    const user = setupUser();
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
    const user = setupUser();
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(getButton('Edit ACME INV01'));
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
    fill(input(dialog, 'Legacy Name'), 'Renamed');
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
});
