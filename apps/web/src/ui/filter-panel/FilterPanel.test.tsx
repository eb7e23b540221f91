import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { TestProviders } from '../../testing/TestProviders';
import { getButton, setupUser } from '../../testing/user';
import { FilterDays, FilterText } from './FilterField';
import { FilterPanel, type FilterPanelProps } from './FilterPanel';

interface Fields {
  legacyId?: string;
  companyCode?: string;
}

/** A panel of two text fields and a day range, with the props under test. */
function renderPanel(props: Omit<FilterPanelProps<Fields>, 'children'>) {
  return render(
    <TestProviders>
      <FilterPanel<Fields> data-testid="panel" {...props}>
        <FilterText name="legacyId" label="Legacy ID" width={{ xs: 12 }} contains />
        <FilterText name="companyCode" label="Company Code" width={{ xs: 12 }} />
        <FilterDays names={['from', 'to']} labels={['From', 'To']} width={{ xs: 12 }} />
      </FilterPanel>
    </TestProviders>,
  );
}

beforeEach(() => {
  cleanup();
  localStorage.clear();
});

describe('FilterPanel', () => {
  it('sends the fields on Search and on Enter in a text field', async () => {
    const user = setupUser();
    const onSearch = vi.fn();
    renderPanel({ name: 'jobSearch', onSearch });
    const panel = screen.getByTestId('panel');
    await user.type(within(panel).getByLabelText('Legacy ID'), 'JOB_1');
    await user.click(getButton(/Search$/, panel));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]?.[0]).toMatchObject({ legacyId: 'JOB_1' });
    // The form's name prefixes the ids: two forms on a screen never share one.
    expect(within(panel).getByLabelText('Legacy ID').id).toBe('jobSearch_legacyId');

    await user.type(within(panel).getByLabelText('Company Code'), 'ACME{Enter}');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));
    expect(onSearch.mock.calls[1]?.[0]).toMatchObject({ legacyId: 'JOB_1', companyCode: 'ACME' });
  });

  it("shows the kit's words: Search, Reset or Clear, and the text and date placeholders", () => {
    renderPanel({ onSearch: () => undefined, onClear: () => undefined, clearWord: 'clear' });
    const panel = screen.getByTestId('panel');
    expect(getButton(/Search$/, panel)).toBeDefined();
    expect(getButton(/Clear$/, panel)).toBeDefined();
    expect(within(panel).getByLabelText('Legacy ID').getAttribute('placeholder')).toBe('Contains…');
    expect(within(panel).getByLabelText('Company Code').getAttribute('placeholder')).toBeNull();
    expect(within(panel).getByLabelText('From').getAttribute('placeholder')).toBe('dd/mm/yyyy');
  });

  it('speaks Thai', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    renderPanel({ onSearch: () => undefined, onClear: () => undefined });
    const panel = screen.getByTestId('panel');
    expect(getButton(/ค้นหา$/, panel)).toBeDefined();
    expect(getButton(/ล้างค่า$/, panel)).toBeDefined();
    expect(within(panel).getByLabelText('Legacy ID').getAttribute('placeholder')).toBe('มีคำว่า…');
    expect(within(panel).getByLabelText('To').getAttribute('placeholder')).toBe('วว/ดด/ปปปป');
  });

  it('Reset empties the fields back to the initial values (or to clearTo), then says so', async () => {
    const user = setupUser();
    const onClear = vi.fn();
    const { unmount } = renderPanel({ initialValues: { companyCode: '*' }, onSearch: vi.fn(), onClear });
    let panel = screen.getByTestId('panel');
    await user.type(within(panel).getByLabelText('Legacy ID'), 'JOB_1');
    await user.click(getButton(/Reset$/, panel));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(within(panel).getByLabelText<HTMLInputElement>('Legacy ID').value).toBe('');
    expect(within(panel).getByLabelText<HTMLInputElement>('Company Code').value).toBe('*');
    unmount();

    renderPanel({
      initialValues: { companyCode: 'SAVED' },
      onSearch: vi.fn(),
      onClear,
      clearTo: { companyCode: '' },
    });
    panel = screen.getByTestId('panel');
    await user.click(getButton(/Reset$/, panel));
    expect(within(panel).getByLabelText<HTMLInputElement>('Company Code').value).toBe('');
  });

  it('a live filter sends every change and has no Search button; the screen adds its own buttons', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    renderPanel({ onChange, after: <Button>Export</Button> });
    const panel = screen.getByTestId('panel');
    expect(() => getButton(/Search$/, panel)).toThrow();
    expect(getButton('Export', panel)).toBeDefined();
    await user.type(within(panel).getByLabelText('Company Code'), 'AB');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ companyCode: 'AB' }));
  });

  it('with a title, stands in a frame that folds away', async () => {
    const user = setupUser();
    renderPanel({ title: 'Filter', onSearch: vi.fn() });
    const header = screen.getByRole('button', { name: 'Filter' });
    expect(header.getAttribute('aria-expanded')).toBe('true');
    await user.click(header);
    await waitFor(() => expect(header.getAttribute('aria-expanded')).toBe('false'));
  });

  it('puts the labels above the fields, or beside them for a one-line panel', () => {
    const { unmount } = renderPanel({ onSearch: vi.fn() });
    expect(screen.getByTestId('panel').classList.contains('ant-form-vertical')).toBe(true);
    unmount();
    renderPanel({ onSearch: vi.fn(), labels: 'beside' });
    const panel = screen.getByTestId('panel');
    expect(panel.classList.contains('ant-form-horizontal')).toBe(true);
    expect(panel.classList.contains('ant-form-vertical')).toBe(false);
  });
});
