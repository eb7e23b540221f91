import type { Company, CompanyWrite } from '@lis/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_USER } from '../../platform/auth/current-user-context';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { company, fakeApi, page } from '../../testing/fake-api';
import { findDialog } from '../../testing/find-dialog';
import { openDialog, typeInto } from '../../testing/form-steps';
import { jsonResponse, mockFetch, type MockEndpoint } from '../../testing/mock-fetch';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { testUser } from '../../testing/test-users';
import { EmployeeConfig } from '../employees/EmployeeConfig';
import { CompaniesButton } from './CompaniesButton';
import { CompanyDrawer } from './CompanyDrawer';
import { getButton, setupUser } from '../../testing/user';

const SUPER_ADMIN = testUser({ role: 'super_admin' });

/** The documented company API (docs/api-foundation.md) over a list kept in memory. */
function fakeCompanyServer(routes: Record<string, MockEndpoint> = {}) {
  const companies: Company[] = [company('ACME', 'Acme Trading'), company('OLD', 'Old Company', 'inactive')];
  const { calls } = fakeApi({
    'GET /v1/company_master': ({ url }) => {
      const status = url.searchParams.get('status');
      const rows = companies.filter((c) => !status || c.status === status);
      return page(rows);
    },
    'POST /v1/company_master': ({ body }) => {
      const write = body as CompanyWrite;
      if (companies.some((c) => c.company_code === write.company_code))
        return jsonResponse(
          { message: `Company ${write.company_code} already exists`, code: 'COMPANY_CODE_TAKEN' },
          409,
        );
      companies.push({ sid: '555', status: 'active', ...write } as Company);
      return { message: 'Saved' };
    },
    'PUT /v1/company_master': ({ body }) => {
      const write = body as CompanyWrite;
      const index = companies.findIndex((c) => c.company_code === write.company_code);
      companies[index] = { ...companies[index], ...write } as Company;
      return { message: 'Saved' };
    },
    ...routes,
  });
  return { companies, calls };
}

function renderDrawer(onSaved = vi.fn()) {
  // The drawer needs no signed-in user.
  renderScreen(<CompanyDrawer open onClose={() => {}} onSaved={onSaved} />, { user: SIGNED_OUT_USER });
  return onSaved;
}

/** Once the list is shown: Add Company, and its form. */
async function openAddCompany(user: UserEvent) {
  await screen.findByText('Acme Trading');
  return openDialog(user, /Add Company/, 'Add Company');
}

/** Types a code and a name into the company form and presses Save. */
async function saveCompany(user: UserEvent, form: HTMLElement, code: string, name: string) {
  await typeInto(user, form, { 'Company Code': code, 'Company Name': name });
  await user.click(getButton('Save', form));
}

resetBetweenTests();

// Ant Design in jsdom is slow (role queries over a large DOM): room for a loaded CI machine.
describe('Companies drawer', { timeout: 20_000 }, () => {
  it('lists every company with its status and filters them by code or name', async () => {
    const server = fakeCompanyServer();
    const user = setupUser();
    renderDrawer();
    expect(await screen.findByText('Acme Trading')).toBeTruthy();
    expect(screen.getByText('OLD')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Inactive')).toBeTruthy();
    const [list] = server.calls('GET', '/v1/company_master');
    expect(list?.url.searchParams.get('status')).toBeNull();
    expect(list?.url.searchParams.get('sid')).toBe('555');

    await user.type(screen.getByLabelText('Search by code or name'), 'old c');
    await waitFor(() => expect(screen.queryByText('Acme Trading')).toBeNull());
    expect(screen.getByText('Old Company')).toBeTruthy();
    await user.clear(screen.getByLabelText('Search by code or name'));
    await user.type(screen.getByLabelText('Search by code or name'), 'zzz');
    expect(await screen.findByText('No Data...')).toBeTruthy();
  });

  it('adds a company: posts sid 555 and the form, then reloads the list', async () => {
    const server = fakeCompanyServer();
    const user = setupUser();
    const onSaved = renderDrawer();
    const form = await openAddCompany(user);
    await saveCompany(user, form, 'SIAM-01', 'Siam Logistics');
    expect(await screen.findByText('Saved data successfully')).toBeTruthy();
    expect(server.calls('POST', '/v1/company_master').map((call) => call.body)).toEqual([
      { sid: '555', company_code: 'SIAM-01', company_name: 'Siam Logistics', status: 'active' },
    ]);
    expect(await screen.findByText('Siam Logistics')).toBeTruthy();
    expect(server.calls('GET', '/v1/company_master').length).toBeGreaterThan(1);
    expect(onSaved).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(form.isConnected).toBe(false));
  });

  it('shows the validation message for an invalid code and posts nothing', async () => {
    const server = fakeCompanyServer();
    const user = setupUser();
    renderDrawer();
    const form = await openAddCompany(user);
    await user.type(within(form).getByLabelText('Company Code'), 'bad code!');
    await user.click(getButton('Save', form));
    expect(
      await within(form).findByText(
        'Company Code may contain only letters, digits, _ and - (up to 32 characters)',
      ),
    ).toBeTruthy();
    expect(await within(form).findByText('please fill in the Company Name field')).toBeTruthy();
    expect(server.calls('POST', '/v1/company_master')).toHaveLength(0);
  });

  it("shows the server's message when the code already exists (409) and keeps the form open", async () => {
    const server = fakeCompanyServer();
    const user = setupUser();
    const onSaved = renderDrawer();
    const form = await openAddCompany(user);
    await saveCompany(user, form, 'ACME', 'Acme again');
    const failure = await findDialog('Not successful');
    expect(within(failure).getByText('Company ACME already exists')).toBeTruthy();
    expect(server.calls('POST', '/v1/company_master')).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(within(form).getByLabelText<HTMLInputElement>('Company Name').value).toBe('Acme again');
  });

  it('edits a company with the code read-only and puts the new name and status', async () => {
    const server = fakeCompanyServer();
    const user = setupUser();
    renderDrawer();
    await screen.findByText('Acme Trading');
    const form = await openDialog(user, 'Edit ACME', 'Edit Company: ACME');
    const code = within(form).getByLabelText<HTMLInputElement>('Company Code');
    expect(code.value).toBe('ACME');
    expect(code.readOnly).toBe(true);
    const name = within(form).getByLabelText('Company Name');
    await user.clear(name);
    await user.type(name, 'Acme Holdings');
    await user.click(within(form).getByRole('switch'));
    await user.click(getButton('Save', form));
    expect(await screen.findByText('Saved data successfully')).toBeTruthy();
    expect(server.calls('PUT', '/v1/company_master').map((call) => call.body)).toEqual([
      { sid: '555', company_code: 'ACME', company_name: 'Acme Holdings', status: 'inactive' },
    ]);
    expect(await screen.findByText('Acme Holdings')).toBeTruthy();
  });

  it("shows 'No Data...' and an Error dialog with the server's message when the list fails", async () => {
    mockFetch({
      'GET /v1/company_master': () =>
        jsonResponse({ message: 'database unavailable', code: 'INTERNAL_ERROR' }, 500),
    });
    renderDrawer();
    const dialog = await findDialog('Error');
    expect(within(dialog).getByText('database unavailable')).toBeTruthy();
    expect(screen.getByText('No Data...')).toBeTruthy();
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    fakeCompanyServer();
    renderDrawer();
    expect(await screen.findByText('Acme Trading')).toBeTruthy();
    expect(screen.getAllByText('รหัสบริษัท').length).toBeGreaterThan(0);
    expect(screen.getAllByText('ชื่อบริษัท').length).toBeGreaterThan(0);
    expect(screen.getByText('ใช้งาน')).toBeTruthy();
    expect(screen.getByText('ไม่ใช้งาน')).toBeTruthy();
    expect(getButton(/เพิ่มบริษัท/)).toBeTruthy();
  });
});

describe('Companies button on Employee Config', { timeout: 20_000 }, () => {
  it('is shown only to a super_admin', () => {
    mockFetch({});
    renderScreen(<CompaniesButton />, { user: { ...SUPER_ADMIN, role: 'admin' } });
    expect(screen.queryByRole('button', { name: /Companies/ })).toBeNull();
  });

  it("reloads the screen's active company list after a company is added", async () => {
    const server = fakeCompanyServer({
      'GET /v1/user': () => ({ result_list: [], total_count: 0 }),
      'GET /v1/role': () => ({ result_list: [], total_count: 0 }),
    });
    const user = setupUser();
    renderScreen(<EmployeeConfig />, { route: '/employee', user: SUPER_ADMIN });
    const activeLists = () =>
      server
        .calls('GET', '/v1/company_master')
        .filter((call) => call.url.searchParams.get('status') === 'active');
    await waitFor(() => expect(activeLists()).toHaveLength(1));
    await user.click(getButton(/Companies/));
    await saveCompany(user, await openAddCompany(user), 'NEW', 'New Company');
    expect(await screen.findByText('Saved data successfully')).toBeTruthy();
    await waitFor(() => expect(activeLists()).toHaveLength(2));
    expect(server.companies.map((c) => c.company_code)).toContain('NEW');
  });
});
