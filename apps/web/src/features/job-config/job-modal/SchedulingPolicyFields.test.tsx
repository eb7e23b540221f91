import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../platform/i18n/language';
import { findDialog } from '../../../testing/find-dialog';
import { resetBetweenTests } from '../../../testing/render-screen';
import { getButton, setupUser } from '../../../testing/user';
import { buildJobConfig } from '../testing/build-job-config';
import { fakeJobServer, renderJobConfig } from '../testing/job-config-test-kit';

/*
 * A job's scheduling policies in its form (decisions 0038 and 0046): shown as stored, each explained
 * under its box by what the chosen policy does, and saved with the job.
 */

resetBetweenTests();

type User = ReturnType<typeof setupUser>;

/** Opens INV01 (`edit`: its row's edit button) or a new job (the Add button), as the dialog `title`. */
async function openForm(user: User, edit: string | null, title: string) {
  renderJobConfig();
  await within(screen.getByTestId('job-config-table')).findByText('INV01');
  await user.click(edit ? getButton(edit) : screen.getByTestId('job-config-add'));
  const dialog = await findDialog(title);
  return { dialog, policies: within(dialog).getByTestId('job-scheduling-policies') };
}

/** Picks `option` in the Select labelled `label` (its list is rendered at the end of the body). */
async function choose(user: User, policies: HTMLElement, label: string, option: string) {
  await user.click(within(policies).getByLabelText(label));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await user.click(options.at(-1)!);
}

describe('the job form’s scheduling policies', { timeout: 60_000 }, () => {
  it('shows the stored policies, explains the chosen one, and saves a change with the job', async () => {
    const api = fakeJobServer([
      buildJobConfig({ overlap_policy: 'buffer_one', misfire_policy: 'do_nothing' }),
    ]);
    const user = setupUser();
    const { dialog, policies } = await openForm(user, 'Edit ACME INV01', 'Edit Job Config: INV01');
    expect(within(policies).getByText('Queue one run behind it')).toBeTruthy();
    expect(within(policies).getByText('Skip them')).toBeTruthy();
    expect(within(policies).getByText(/No run for the missed fire times/)).toBeTruthy();

    await choose(user, policies, 'When the job is still running', 'Run side by side');
    await choose(user, policies, 'Missed fires (outage, maintenance window)', 'Run once when back');
    await waitFor(() =>
      expect(within(policies).getByText(/One run for all the fire times missed/)).toBeTruthy(),
    );
    expect(within(policies).getByText(/Every fire starts a run/)).toBeTruthy();
    await user.click(within(dialog).getByTestId('job-form-save'));
    await findDialog('Saved data successfully');
    expect(api.calls('PUT', '/v1/config/job-config/update').at(-1)?.body).toMatchObject({
      legacyid: 'INV01',
      overlap_policy: 'allow_all',
      misfire_policy: 'fire_once_now',
    });
  });

  it('starts a new job with the defaults, in Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    fakeJobServer([buildJobConfig()]);
    const user = setupUser();
    const { policies } = await openForm(user, null, 'เพิ่ม Job Config');
    for (const text of [
      'เมื่องานยังทำงานอยู่',
      'ข้ามรอบใหม่',
      'รอบที่พลาด (ระบบหยุด, ช่วงปิดปรับปรุง)',
      'ทำงานหนึ่งครั้งเมื่อกลับมา',
    ])
      expect(within(policies).getAllByText(text).length).toBeGreaterThan(0);
  });
});
