import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../platform/i18n/language';
import { findDialog } from '../../../testing/find-dialog';
import { resetBetweenTests } from '../../../testing/render-screen';
import { getButton, setupUser } from '../../../testing/user';
import { buildJobConfig } from '../testing/build-job-config';
import { fakeJobServer, renderJobConfig } from '../testing/job-config-test-kit';

/* A job's retry policy in its form (issue 36, docs/retries.md): shown as stored, saved with the job. */

resetBetweenTests();

type User = ReturnType<typeof setupUser>;

async function openForm(user: User, edit: string | null, title: string) {
  renderJobConfig();
  await within(screen.getByTestId('job-config-table')).findByText('INV01');
  await user.click(edit ? getButton(edit) : screen.getByTestId('job-config-add'));
  const dialog = await findDialog(title);
  return { dialog, retry: within(dialog).getByTestId('job-retry-policy') };
}

describe('the job form’s retry policy', { timeout: 60_000 }, () => {
  it('shows a stored policy with its waits, and saves the company default when chosen', async () => {
    const policy = { attempts: 4, first_delay_ms: 10_000, factor: 3, max_delay_ms: 60_000, jitter: 0.1 };
    const api = fakeJobServer([buildJobConfig({ retry_policy: policy })]);
    const user = setupUser();
    const { dialog, retry } = await openForm(user, 'Edit ACME INV01', 'Edit Job Config: INV01');
    expect(within(retry).getByText('Retry with this policy')).toBeTruthy();
    await waitFor(() =>
      expect(within(retry).getByTestId('job-retry-waits').textContent).toBe('Waits: 10 s → 30 s → 60 s'),
    );
    await user.click(within(retry).getByLabelText(/When a step fails/));
    const options = await screen.findAllByText("Use the company's default", {
      selector: '.ant-select-item-option-content',
    });
    await user.click(options.at(-1)!);
    await waitFor(() => expect(within(retry).queryByTestId('job-retry-waits')).toBeNull());
    await user.click(within(dialog).getByTestId('job-form-save'));
    await findDialog('Saved data successfully');
    expect(api.calls('PUT', '/v1/config/job-config/update').at(-1)?.body).toMatchObject({
      retry_policy: null,
    });
  });

  it('starts a new job with the company default, in Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    fakeJobServer([buildJobConfig()]);
    const user = setupUser();
    const { retry } = await openForm(user, null, 'เพิ่ม Job Config');
    expect(within(retry).getByText('นโยบายการลองใหม่')).toBeTruthy();
    expect(within(retry).getAllByText('ใช้ค่าเริ่มต้นของบริษัท').length).toBeGreaterThan(0);
  });
});
