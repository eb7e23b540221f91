import type { CalendarPreviewRequest, CalendarWrite, NamedCalendar } from '@lis/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { COMPANIES, fakeApi, page } from '../../testing/fake-api';
import { findDialog } from '../../testing/find-dialog';
import { openDialog } from '../../testing/form-steps';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { chooseOption, renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { testUser } from '../../testing/test-users';
import { getButton, setupUser } from '../../testing/user';
import { CalendarConfig } from './CalendarConfig';

const calendar = (overrides: Partial<NamedCalendar>): NamedCalendar => ({
  company_code: 'ACME',
  name: 'CAL',
  description: '',
  definition: { type: 'weekly', exclude: ['SAT', 'SUN'] },
  used_by: [],
  updated_at: '2026-11-01T03:00:00.000Z',
  updated_by: 'admin',
  ...overrides,
});

const TH_HOLIDAYS = calendar({
  name: 'TH-HOLIDAYS',
  description: 'Thai bank holidays',
  definition: {
    type: 'holiday',
    dates: ['2026-12-05', '2026-12-10'],
    base: { type: 'weekly', exclude: ['SAT', 'SUN'] },
  },
  used_by: [{ kind: 'job', company_code: 'ACME', id: 'JOB01', trigger_position: 0 }],
});
const SHARED_WEEKEND = calendar({ company_code: '*', name: 'WEEKEND', description: 'Saturdays and Sundays' });

/** What the fake preview excludes in any month: the 5th whole, the 7th from 08:00 to 17:00. */
function previewOf(request: CalendarPreviewRequest) {
  const days = Array.from({ length: 28 }, (_, at) => {
    const date = `${request.month}-${String(at + 1).padStart(2, '0')}`;
    if (at + 1 === 5) return { date, excluded: 'whole', windows: [] };
    if (at + 1 === 7) return { date, excluded: 'partly', windows: [{ from: '08:00:00', to: '17:00:00' }] };
    return { date, excluded: 'none', windows: [] };
  });
  return { time_zone: 'Asia/Bangkok', days };
}

/** The calendar routes (packages/contracts/src/endpoints/calendars.ts) over a list kept in memory. */
function fakeCalendarServer(routes: Record<string, MockEndpoint> = {}) {
  const calendars: NamedCalendar[] = [TH_HOLIDAYS, SHARED_WEEKEND];
  const api = fakeApi({
    'GET /v1/company_master': () => page(COMPANIES),
    'GET /v1/calendars': ({ url }) => ({
      result_list: calendars.filter((c) =>
        ['*', url.searchParams.get('company_code')].includes(c.company_code),
      ),
    }),
    'POST /v1/calendars': ({ body }) => {
      const write = body as CalendarWrite;
      const saved = calendar({ ...write, description: write.description ?? '' });
      calendars.push(saved);
      return saved;
    },
    'PUT /v1/calendars': ({ body }) => calendar(body as CalendarWrite),
    'DELETE /v1/calendars': () => ({ message: 'Deleted successfully' }),
    'POST /v1/calendars/preview': ({ body }) => previewOf(body as CalendarPreviewRequest),
    ...routes,
  });
  return { calendars, ...api };
}

async function showCalendars(user = testUser()) {
  renderScreen(<CalendarConfig />, { route: '/calendarconfig', user });
  await screen.findByText('TH-HOLIDAYS');
}

const openNew = (user: UserEvent) => openDialog(user, 'New calendar', 'New calendar');

/** A new calendar named `name` of `type`, its fields filled by `fill`; Save; the POSTed body. */
async function saveNew(
  user: UserEvent,
  api: ReturnType<typeof fakeCalendarServer>,
  name: string,
  type: string,
  fill: (dialog: HTMLElement) => Promise<void>,
) {
  const dialog = await openNew(user);
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: name } });
  if (type !== 'Holiday dates') await chooseOption(user, dialog, 'Type', type); // the default otherwise
  await fill(dialog);
  await user.click(getButton('Save', dialog));
  expect(await screen.findByText('Data saved successfully')).toBeTruthy();
  await waitFor(() =>
    expect(screen.queryByText('New calendar', { selector: '.ant-modal-title' })).toBeNull(),
  );
  return api.calls('POST', '/v1/calendars').at(-1)?.body;
}

describe('CalendarConfig', () => {
  resetBetweenTests();

  it("lists the company's and the shared calendars: type with its base, description, users, updated", async () => {
    const api = fakeCalendarServer();
    await showCalendars();
    expect(api.calls('GET', '/v1/calendars')[0]?.url.searchParams.get('company_code')).toBe('ACME');
    const row = screen.getByText('TH-HOLIDAYS').closest('tr')!;
    expect(within(row).getByText('Holiday dates')).toBeTruthy();
    expect(within(row).getByText('base: Weekdays')).toBeTruthy();
    expect(within(row).getByText('Thai bank holidays')).toBeTruthy();
    expect(within(row).getByText('job JOB01, trigger 1')).toBeTruthy();
    const shared = screen.getByText('WEEKEND').closest('tr')!;
    expect(within(shared).getByText('shared')).toBeTruthy();
    expect(within(shared).getByText('not used')).toBeTruthy();
    // An admin may only look at a shared calendar.
    expect(getButton('View WEEKEND', shared)).toBeTruthy();
    expect(within(shared).queryByText('Delete')).toBeNull();
  });

  it('lets a super_admin change the shared calendars and list them alone (company *)', async () => {
    const user = setupUser();
    const api = fakeCalendarServer();
    await showCalendars(testUser({ role: 'super_admin' }));
    const shared = screen.getByText('WEEKEND').closest('tr')!;
    expect(getButton('Edit WEEKEND', shared)).toBeTruthy();
    expect(getButton('Delete WEEKEND', shared)).toBeTruthy();
    await chooseOption(user, screen.getByRole('search'), 'Company', '* · Shared by every company');
    await waitFor(() => expect(screen.queryByText('TH-HOLIDAYS')).toBeNull());
    const asked = api.calls('GET', '/v1/calendars').map((call) => call.url.searchParams.get('company_code'));
    expect(asked).toContain('*');
    expect(screen.getByText('WEEKEND')).toBeTruthy();
  });

  describe('sends each type of calendar as the contract writes it', () => {
    const each = (
      name: string,
      body: (user: UserEvent, api: ReturnType<typeof fakeCalendarServer>) => Promise<void>,
    ) =>
      it(name, async () => {
        const user = setupUser();
        const api = fakeCalendarServer();
        await showCalendars();
        await body(user, api);
      });

    each('weekly: the excluded weekdays, Sunday first', async (user, api) => {
      const weekly = await saveNew(user, api, 'WEEKDAYS-OFF', 'Weekdays', async (dialog) => {
        await user.click(within(dialog).getByLabelText('Saturday')); // off: it was excluded by default
        await user.click(within(dialog).getByLabelText('Monday'));
      });
      expect(weekly).toEqual({
        company_code: 'ACME',
        name: 'WEEKDAYS-OFF',
        description: '',
        definition: { type: 'weekly', exclude: ['SUN', 'MON'] },
      });
    });

    each('monthly: the days, in order', async (user, api) => {
      const monthly = await saveNew(user, api, 'MONTH-ENDS', 'Days of the month', async (dialog) => {
        await user.click(within(dialog).getByLabelText('Day 31'));
        await user.click(within(dialog).getByLabelText('Day 1'));
      });
      expect(monthly).toMatchObject({ definition: { type: 'monthly', exclude: [1, 31] } });
    });

    each('daily: from, to and invert', async (user, api) => {
      const daily = await saveNew(user, api, 'OFFICE', 'Time of day', async (dialog) => {
        fireEvent.change(within(dialog).getByLabelText('From (HH:MM:SS)'), { target: { value: '08:00' } });
        fireEvent.change(within(dialog).getByLabelText('To (HH:MM:SS)'), { target: { value: '17:30:00' } });
        await user.click(within(dialog).getByLabelText('Include only this range'));
      });
      expect(daily).toMatchObject({
        definition: { type: 'daily', from: '08:00', to: '17:30:00', invert: true },
      });
    });

    each('cron: the expression, trimmed, with its own time zone', async (user, api) => {
      const cron = await saveNew(user, api, 'NIGHTS', 'Cron expression', async (dialog) => {
        fireEvent.change(within(dialog).getByLabelText('Cron expression'), {
          target: { value: ' * * 0-7,18-23 ? * * ' },
        });
        await user.type(within(dialog).getByRole('combobox', { name: 'Time zone' }), 'Europe/Berl');
        await user.click(await screen.findByTitle('Europe/Berlin'));
      });
      expect(cron).toMatchObject({
        definition: { type: 'cron', expression: '* * 0-7,18-23 ? * *', tz: 'Europe/Berlin' },
      });
    });

    each('annual: month-days, sorted, 29 February allowed and removable', async (user, api) => {
      const annual = await saveNew(user, api, 'NEW-YEAR', 'Days of the year', async (dialog) => {
        const pick = async (name: string, title: string) => {
          await user.type(within(dialog).getByRole('combobox', { name }), title);
          // The option, not the shown value (also titled so); the open list is the last one.
          const titled = await screen.findAllByTitle(title);
          await user.click(titled.filter((element) => element.closest('.ant-select-item-option')).at(-1)!);
        };
        const add = async (month: string, day: string) => {
          await pick('Month', month);
          await pick('Day', day);
          await user.click(getButton('Add', dialog));
        };
        await add('December', '31');
        await add('January', '1');
        await add('February', '29');
        await user.click(getButton('Remove 29 February', dialog));
      });
      expect(annual).toMatchObject({ definition: { type: 'annual', days: ['01-01', '12-31'] } });
    });

    each('holiday: picked dates, sorted, with a base calendar copied in', async (user, api) => {
      const holiday = await saveNew(user, api, 'CLOSED', 'Holiday dates', async (dialog) => {
        const picker = within(dialog).getByLabelText('Add a date');
        for (const day of ['10/12/2026', '05/12/2026', '01/01/2027']) {
          await user.click(picker);
          await user.type(picker, `${day}{Enter}`);
        }
        await user.click(getButton('Remove 01/01/2027', dialog));
        await chooseOption(user, dialog, 'Copy in a calendar as the base', 'WEEKEND (*)');
        expect(within(dialog).getByTestId('calendar-base').textContent).toContain(
          'Weekdays: Saturday, Sunday',
        );
      });
      expect(holiday).toMatchObject({
        definition: {
          type: 'holiday',
          dates: ['2026-12-05', '2026-12-10'],
          base: { type: 'weekly', exclude: ['SAT', 'SUN'] },
        },
      });
    });
  });

  it("shows the server's message when the calendar is in use and not deleted", async () => {
    const user = setupUser();
    const refusal = 'Calendar TH-HOLIDAYS is used by job ACME/JOB01 (trigger 1): it is not deleted';
    const api = fakeCalendarServer({
      'DELETE /v1/calendars': () => jsonResponse({ message: refusal, code: 'CALENDAR_IN_USE' }, 409),
    });
    await showCalendars();
    const confirm = await openDialog(user, 'Delete TH-HOLIDAYS', 'Delete data?');
    await user.click(getButton('Yes', confirm));
    const error = await findDialog('Not successful');
    expect(within(error).getByText(refusal)).toBeTruthy();
    const call = api.calls('DELETE', '/v1/calendars')[0];
    expect(call?.url.searchParams.get('company_code')).toBe('ACME');
    expect(call?.url.searchParams.get('name')).toBe('TH-HOLIDAYS');
  });

  it("keeps the editor open with the server's message when it refuses a calendar", async () => {
    const user = setupUser();
    const refusal = 'Calendar is not valid: from 17:00 must be before to 08:00';
    fakeCalendarServer({
      'POST /v1/calendars': () => jsonResponse({ message: refusal, code: 'CALENDAR_INVALID' }, 400),
    });
    await showCalendars();
    const dialog = await openNew(user);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'BACKWARDS' } });
    await chooseOption(user, dialog, 'Type', 'Time of day');
    fireEvent.change(within(dialog).getByLabelText('From (HH:MM:SS)'), { target: { value: '17:00' } });
    fireEvent.change(within(dialog).getByLabelText('To (HH:MM:SS)'), { target: { value: '08:00' } });
    await user.click(getButton('Save', dialog));
    const error = await findDialog('Not successful');
    expect(within(error).getByText(refusal)).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
  });

  it('imports an .ics file: name, description and file sent, then how many events were read and skipped', async () => {
    const user = setupUser();
    const api = fakeCalendarServer({
      'POST /v1/calendars/import': () => ({
        message: 'Imported',
        calendar: calendar({ name: 'TH-2027', definition: { type: 'holiday', dates: ['2027-01-01'] } }),
        events: [
          { date: '2027-01-01', summary: "New Year's Day" },
          { date: '2027-04-13', summary: 'Songkran' },
        ],
        skipped: 1,
      }),
    });
    await showCalendars();
    const dialog = await openDialog(user, 'Import .ics', 'Import holidays from an .ics file');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'TH-2027' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Bank holidays' } });
    const ics = new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'th-2027.ics', { type: 'text/calendar' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, ics);
    expect(within(dialog).getByText('th-2027.ics')).toBeTruthy();
    await user.click(getButton('Import', dialog));

    const answer = await findDialog('Calendar TH-2027 imported');
    expect(answer.textContent).toContain('All-day events read: 2');
    expect(answer.textContent).toContain('Events skipped (not all-day): 1');
    const [, init] = api.fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/v1/calendars/import'),
    )!;
    const form = init?.body as FormData;
    expect(form.get('company_code')).toBe('ACME');
    expect(form.get('name')).toBe('TH-2027');
    expect(form.get('description')).toBe('Bank holidays');
    expect((form.get('file') as File).name).toBe('th-2027.ics');
    expect(form.get('replace')).toBeNull();
  });

  it("marks the month's days as the server's preview says, and asks again for the next month", async () => {
    const user = setupUser();
    const api = fakeCalendarServer();
    await showCalendars();
    const dialog = await openDialog(user, 'Edit TH-HOLIDAYS', 'Edit calendar: TH-HOLIDAYS');
    const view = within(dialog).getByTestId('calendar-month-view');
    const request = await waitFor(() => {
      const body = api.calls('POST', '/v1/calendars/preview')[0]?.body as CalendarPreviewRequest | undefined;
      expect(body).toBeDefined();
      return body!;
    });
    expect(request.company_code).toBe('ACME');
    expect(request.definition).toEqual(TH_HOLIDAYS.definition);
    const fifth = await waitFor(() => {
      const cell = view.querySelector<HTMLElement>(`[data-date="${request.month}-05"]`);
      expect(cell?.dataset.excluded).toBe('whole');
      return cell!;
    });
    expect(within(fifth).getByText('Excluded all day')).toBeTruthy();
    const seventh = view.querySelector<HTMLElement>(`[data-date="${request.month}-07"]`)!;
    expect(seventh.dataset.excluded).toBe('partly');
    expect(seventh.getAttribute('aria-label')).toContain('Partly excluded, 08:00–17:00');
    expect(view.querySelector<HTMLElement>(`[data-date="${request.month}-06"]`)?.dataset.excluded).toBe(
      'none',
    );
    expect(within(view).getByText('Times in Asia/Bangkok')).toBeTruthy();

    await user.click(getButton('Next month', view));
    await waitFor(() => expect(api.calls('POST', '/v1/calendars/preview')).toHaveLength(2));
    const next = api.calls('POST', '/v1/calendars/preview')[1]?.body as CalendarPreviewRequest;
    const [year, month] = request.month.split('-').map(Number) as [number, number];
    expect(next.month).toBe(
      month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`,
    );
    await waitFor(() =>
      expect(view.querySelector<HTMLElement>(`[data-date="${next.month}-05"]`)?.dataset.excluded).toBe(
        'whole',
      ),
    );
  });

  it('says so when the server has no preview yet, and marks no day', async () => {
    const user = setupUser();
    fakeCalendarServer({
      'POST /v1/calendars/preview': () =>
        jsonResponse({ message: 'Route not found', code: 'NOT_FOUND' }, 404),
    });
    await showCalendars();
    const dialog = await openDialog(user, 'Edit TH-HOLIDAYS', 'Edit calendar: TH-HOLIDAYS');
    expect(
      await within(dialog).findByText('The month view is not available on this server yet.'),
    ).toBeTruthy();
    expect(dialog.querySelector('[data-excluded="whole"], [data-excluded="partly"]')).toBeNull();
  });

  it('speaks Thai: the day names of the weekly calendar and the month view', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    const user = setupUser();
    fakeCalendarServer();
    await showCalendars();
    const dialog = await openDialog(user, 'สร้างปฏิทินใหม่', 'สร้างปฏิทินใหม่');
    await chooseOption(user, dialog, 'ประเภท', 'วันในสัปดาห์');
    for (const day of ['อาทิตย์', 'จันทร์', 'พฤหัสบดี', 'เสาร์'])
      expect(within(dialog).getByLabelText(day)).toBeTruthy();
    expect(within(dialog).getByText('ไม่ทำงานทั้งวัน', { selector: '.calendar-legend' })).toBeTruthy();
  });
});
