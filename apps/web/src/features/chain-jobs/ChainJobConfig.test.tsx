import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findDialog } from '../../testing/find-dialog';
import { jsonResponse } from '../../testing/mock-fetch';
import { resetBetweenTests } from '../../testing/render-screen';
import { getButton, setupUser } from '../../testing/user';
import { buildChain, fakeChainServer, renderChainJobScreen } from './chain-job-test-server';

type User = ReturnType<typeof setupUser>;

const table = () => screen.getByTestId('chain-job-table');

async function choose(user: User, combobox: HTMLElement, optionTitle: string) {
  await user.click(combobox);
  // Options of dropdowns opened before stay in the document (hidden): the newest is the last.
  const options = await screen.findAllByTitle(optionTitle);
  await user.click(options.at(-1)!);
}

/** Types a whole value at once (a key at a time re-renders the form for every key: slow under jsdom). */
const fill = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

resetBetweenTests();

describe('Chain Job Config screen', { timeout: 30_000 }, () => {
  it('lists the chains with their jobs in order, the real Is Active state and the cron triggers', async () => {
    const api = fakeChainServer([
      buildChain('NIGHT', { cronTrigger: '0 0 1 * * ?|0 30 13 ? * MON-FRI' }),
      buildChain('WEEK', { isActive: 'false', legacyList: 'J2,Job two' }),
    ]);
    renderChainJobScreen();
    expect(await within(table()).findByText('NIGHT')).toBeTruthy();
    const jobs = within(table()).getByRole('list', { name: 'Job List NIGHT' });
    expect(
      within(jobs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['J1: Job one', 'J2: Job two']);
    expect(within(table()).getByText('0 30 13 ? * MON-FRI')).toBeTruthy();
    expect(screen.getByTestId('chain-job-active-A-NIGHT').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('chain-job-active-A-WEEK').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('2 chain jobs')).toBeTruthy();
    const [list] = api.calls('GET', '/v1/chainjob/list');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ page: '1', page_size: '25' });
  });

  it('pages on the server and changes the page size', async () => {
    const chains = Array.from({ length: 30 }, (_, i) => buildChain(`C${String(i + 1).padStart(2, '0')}`));
    const api = fakeChainServer(chains);
    const user = setupUser();
    renderChainJobScreen();
    await within(table()).findByText('C25');
    expect(within(table()).queryByText('C26')).toBeNull();
    await user.click(screen.getByTitle('2'));
    expect(await within(table()).findByText('C26')).toBeTruthy();
    expect(api.calls('GET', '/v1/chainjob/list').at(-1)!.url.searchParams.get('page')).toBe('2');
    await user.click(screen.getByText('25 / page'));
    await user.click(await screen.findByText('10 / page'));
    expect(await within(table()).findByText('C10')).toBeTruthy();
    expect(within(table()).queryByText('C11')).toBeNull();
    const last = api.calls('GET', '/v1/chainjob/list').at(-1)!.url.searchParams;
    expect([last.get('page'), last.get('page_size')]).toEqual(['1', '10']);
  });

  it('searches by company, chain id and name only when Search is pressed', async () => {
    const api = fakeChainServer([buildChain('NIGHT'), buildChain('OTHER', { companyCode: 'B' })]);
    const user = setupUser();
    renderChainJobScreen();
    await within(table()).findByText('OTHER');
    const panel = screen.getByTestId('chain-job-search');
    await choose(user, within(panel).getByRole('combobox', { name: 'Company Code' }), 'B · Beta Foods');
    fill(within(panel).getByLabelText('Chain Job Name'), ' chain ');
    expect(api.calls('GET', '/v1/chainjob/list')).toHaveLength(1);
    await user.click(getButton(/Search/, panel));
    await waitFor(() => expect(within(table()).queryByText('NIGHT')).toBeNull());
    const params = api.calls('GET', '/v1/chainjob/list').at(-1)!.url.searchParams;
    expect(Object.fromEntries(params)).toEqual({
      companyCode: 'B',
      chainJobName: 'chain',
      page: '1',
      page_size: '25',
    });
  });

  it('adds a chain: company sets the job list, rows are added and removed, names filled, then saved', async () => {
    const api = fakeChainServer([]);
    const user = setupUser();
    renderChainJobScreen();
    await within(table()).findByText('No Data...');
    await user.click(getButton(/Add Chain Job Config/));
    const dialog = await findDialog('Add Chain Job Config');
    expect(within(dialog).getByRole('checkbox', { name: 'ImportantJob' })).toHaveProperty('checked', false);
    await choose(user, within(dialog).getByRole('combobox', { name: 'Company Code' }), 'A · Alpha Trading');
    await waitFor(() => expect(api.calls('GET', '/v1/config/job-config')).toHaveLength(2));
    expect(
      api.calls('GET', '/v1/config/job-config').map((c) => c.url.searchParams.get('legacy_type')),
    ).toEqual(expect.arrayContaining([null, 'PULL_WAIT']));
    fill(within(dialog).getByLabelText('Chain Job ID'), 'NEW1');
    fill(within(dialog).getByLabelText('Chain Job Name'), 'New chain');
    const active = within(dialog).getByRole('switch', { name: 'Is Active' });
    expect(active.getAttribute('aria-checked')).toBe('false');
    await user.click(active);
    expect(active.getAttribute('aria-checked')).toBe('true');

    await choose(user, within(dialog).getByRole('combobox', { name: 'Legacy ID 1' }), 'P1: Pull one');
    expect((within(dialog).getByLabelText('Legacy Name 1') as HTMLInputElement).value).toBe('Pull one');
    expect(within(dialog).getByLabelText('Legacy Name 1').hasAttribute('readonly')).toBe(true);
    await user.click(getButton(/Add Row/, dialog));
    await choose(user, within(dialog).getByRole('combobox', { name: 'Legacy ID 2' }), 'J2: Job two');
    await user.click(getButton(/Add Row/, dialog));
    await user.click(within(dialog).getByRole('combobox', { name: 'Legacy ID 3' }));
    const taken = (await screen.findAllByTitle('P1: Pull one')).at(-1)!;
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Legacy ID 3' }), 'J1: Job one');
    await user.click(getButton('Remove row 2', dialog));
    expect(within(dialog).queryByRole('combobox', { name: 'Legacy ID 3' })).toBeNull();
    expect((within(dialog).getByLabelText('Legacy Name 2') as HTMLInputElement).value).toBe('Job one');

    // Static: Esc does not close it.
    await user.keyboard('{Escape}');
    expect(dialog.isConnected).toBe(true);
    await user.click(getButton('Save', dialog));
    expect(await findDialog('Success')).toBeTruthy();
    expect(api.calls('POST', '/v1/chainjob/insert').map((c) => c.body)).toEqual([
      {
        Sid: '555',
        CompanyCode: 'A',
        ChainId: 'NEW1',
        ChainName: 'New chain',
        IsActive: 'true',
        ImportantJob: 'false',
        LegacyList: 'P1,Pull one|J1,Job one',
        CronTrigger: '',
        TriggerCalendars: '',
      },
    ]);
    expect(await within(table()).findByText('NEW1')).toBeTruthy();
  });

  it('refuses to save without a company, id, name or job, and sends nothing', async () => {
    const api = fakeChainServer([]);
    const user = setupUser();
    renderChainJobScreen();
    await user.click(await waitFor(() => getButton(/Add Chain Job Config/)));
    const dialog = await findDialog('Add Chain Job Config');
    await user.click(getButton('Save', dialog));
    expect(await within(dialog).findByText('Please fill in Chain Job Name')).toBeTruthy();
    expect(within(dialog).getAllByText('Select a company').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('Select a job').length).toBeGreaterThan(0);
    expect(api.calls('POST', '/v1/chainjob/insert')).toEqual([]);
  });

  it("edits: id read-only, real switch state, cron triggers editable; a 400 shows 'Not successful'", async () => {
    let refuse = true;
    const api = fakeChainServer(
      [buildChain('NIGHT', { isActive: 'true', cronTrigger: '0 0 1 * * ?|0 0 13 * * ?' })],
      {
        'PUT /v1/chainjob/update': ({ body }) =>
          refuse
            ? jsonResponse({ message: 'Legacy ID J9 does not exist in company A' }, 400)
            : { message: `Saved ${(body as { ChainName: string }).ChainName}` },
      },
    );
    const user = setupUser();
    renderChainJobScreen();
    await within(table()).findByText('NIGHT');
    await user.click(getButton('Edit A NIGHT'));
    const dialog = await findDialog('Edit Chain Job Config: NIGHT');
    expect(within(dialog).getByLabelText('Chain Job ID').hasAttribute('readonly')).toBe(true);
    expect(
      within(dialog)
        .getAllByTestId('cron-trigger-row')
        .map((row) => row.querySelector('code')?.textContent),
    ).toEqual(['0 0 1 * * ?', '0 0 13 * * ?']);
    expect(within(dialog).getByRole('switch', { name: 'Is Active' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect((within(dialog).getByLabelText('Legacy Name 2') as HTMLInputElement).value).toBe('Job two');
    const name = within(dialog).getByLabelText('Chain Job Name');
    fill(name, 'Renamed');
    await user.click(getButton('Save', dialog));
    expect(await findDialog('Not successful')).toBeTruthy();
    expect(screen.getByText('Legacy ID J9 does not exist in company A')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);

    refuse = false;
    // The cron trigger list is the shared job-tools control: removing one expression changes the payload.
    await user.click(getButton('Delete 0 0 13 * * ?', dialog));
    await user.click(getButton('Save', dialog));
    expect(await screen.findByText('Saved Renamed')).toBeTruthy();
    expect(api.calls('PUT', '/v1/chainjob/update').at(-1)!.body).toEqual({
      Sid: '555',
      CompanyCode: 'A',
      ChainId: 'NIGHT',
      ChainName: 'Renamed',
      IsActive: 'true',
      ImportantJob: 'false',
      LegacyList: 'J1,Job one|J2,Job two',
      CronTrigger: '0 0 1 * * ?',
      TriggerCalendars: '',
    });
  });

  it('creates from a template: the add dialog is filled from the chosen chain, its id cleared', async () => {
    const api = fakeChainServer([buildChain('NIGHT', { chainName: 'Nightly', isActive: 'true' })]);
    const user = setupUser();
    renderChainJobScreen();
    await within(table()).findByText('NIGHT');
    await user.click(getButton(/Create From Template/));
    const picker = await findDialog(/^Create From Template$/);
    const create = getButton('Create', picker);
    expect(create.hasAttribute('disabled')).toBe(true);
    await choose(user, within(picker).getByRole('combobox'), 'A · NIGHT · Nightly');
    await user.click(create);
    const dialog = await findDialog('Add Chain Job Config');
    expect((within(dialog).getByLabelText('Chain Job ID') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('Chain Job Name') as HTMLInputElement).value).toBe('Nightly');
    expect(within(dialog).getByRole('switch', { name: 'Is Active' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fill(within(dialog).getByLabelText('Chain Job ID'), 'COPY');
    await user.click(getButton('Save', dialog));
    await findDialog('Success');
    expect(api.calls('POST', '/v1/chainjob/insert').at(-1)!.body).toMatchObject({
      CompanyCode: 'A',
      ChainId: 'COPY',
      LegacyList: 'J1,Job one|J2,Job two',
      CronTrigger: '0 0 1 * * ?',
      TriggerCalendars: '',
    });
  });

  it('deletes after the confirmation and reloads', async () => {
    const api = fakeChainServer([buildChain('NIGHT')]);
    const user = setupUser();
    renderChainJobScreen();
    await within(table()).findByText('NIGHT');
    await user.click(getButton('Delete A NIGHT'));
    const confirm = await findDialog('Delete data?');
    await user.click(getButton('Yes', confirm));
    expect(await screen.findByText('Deleted successfully')).toBeTruthy();
    const [call] = api.calls('DELETE', '/v1/chainjob/delete');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ companyCode: 'A', chainJobId: 'NIGHT' });
    expect(await within(table()).findByText('No Data...')).toBeTruthy();
  });

  it("Export Excel: 'No Content' when nothing matches, else the workbook with the applied filters", async () => {
    const chains = [buildChain('NIGHT')];
    const api = fakeChainServer(chains, {
      'GET /v1/chainjob/export': () =>
        new Response(new TextEncoder().encode('PK-xlsx'), {
          headers: { 'content-disposition': 'attachment; filename="ChainJobConfig_1.xlsx"' },
        }),
    });
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = vi.fn(() => 'blob:chain');
        static override revokeObjectURL = vi.fn();
      },
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = setupUser();
    renderChainJobScreen();
    await within(table()).findByText('NIGHT');
    const panel = screen.getByTestId('chain-job-search');
    fill(within(panel).getByLabelText('Chain Job ID'), 'NIGHT');
    await user.click(getButton(/Search/, panel));
    await user.click(getButton(/Export Excel/));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('ChainJobConfig_1.xlsx');
    const exports = api.calls('GET', '/v1/chainjob/export');
    expect(exports.map((c) => Object.fromEntries(c.url.searchParams))).toEqual([{ chainJobId: 'NIGHT' }]);

    chains.splice(0, 1);
    // The button ignores clicks while it shows the first export's spinner (a render after the save).
    await waitFor(() => expect(getButton(/Export Excel/).classList.contains('ant-btn-loading')).toBe(false));
    await user.click(getButton(/Export Excel/));
    expect(await findDialog('No Content')).toBeTruthy();
    expect(api.calls('GET', '/v1/chainjob/export')).toHaveLength(1);
    clicked.mockRestore();
  });
});

describe('Chain Job Config in Thai', { timeout: 30_000 }, () => {
  it('asks ลบข้อมูล? before a delete, and labels the screen in Thai', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    fakeChainServer([buildChain('NIGHT')]);
    const user = setupUser();
    renderChainJobScreen();
    await within(table()).findByText('NIGHT');
    expect(getButton(/ส่งออก Excel/)).toBeTruthy();
    await user.click(getButton('ลบ A NIGHT'));
    const confirm = await findDialog('ลบข้อมูล?');
    expect(confirm.textContent).toContain('คุณต้องการลบ chain job NIGHT ของบริษัท A หรือไม่?');
  });
});
