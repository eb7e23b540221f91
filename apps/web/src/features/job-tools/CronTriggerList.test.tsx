import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/mock-fetch';
import { addCronTrigger, joinCronTriggers, splitCronTriggers } from './cron-trigger-list';
import { CronTriggerList } from './CronTriggerList';
import { findDialog, renderWithProviders } from './job-tools-testing';

describe('cron trigger list text', () => {
  it("splits on '|', dropping blanks, and joins back", () => {
    expect(splitCronTriggers(' 0 0 8 * * ? | |0 0/5 * * * ?')).toEqual(['0 0 8 * * ?', '0 0/5 * * * ?']);
    expect(splitCronTriggers(undefined)).toEqual([]);
    expect(joinCronTriggers(['0 0 8 * * ?', '0 0/5 * * * ?'])).toBe('0 0 8 * * ?|0 0/5 * * * ?');
  });

  it('adds at the end; an empty or duplicate expression changes nothing', () => {
    const list = ['0 0 8 * * ?'];
    expect(addCronTrigger(list, '0 0 9 * * ?')).toEqual(['0 0 8 * * ?', '0 0 9 * * ?']);
    expect(addCronTrigger(list, ' 0 0 8 * * ? ')).toBe(list);
    expect(addCronTrigger(list, '  ')).toBe(list);
  });
});

/** The control inside a real antd Form: Submit reports the field's value. */
function JobFormHarness({ initial, onSubmit }: { initial: string; onSubmit: (value: string) => void }) {
  return (
    <Form
      initialValues={{ cron_trigger: initial }}
      onFinish={(values: { cron_trigger: string }) => onSubmit(values.cron_trigger)}
    >
      <Form.Item name="cron_trigger" label="Cron Trigger">
        <CronTriggerList />
      </Form.Item>
      <Button htmlType="submit">Submit</Button>
    </Form>
  );
}

beforeEach(() => {
  localStorage.clear();
  mockFetch({
    'POST /v1/cron/check': ({ body }) => ({
      valid: true,
      description: `Runs ${(body as { expression: string }).expression}`,
      time_zone: 'UTC',
      next_fire_times: [],
    }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function addThroughModal(user: ReturnType<typeof userEvent.setup>, expression: string) {
  await user.click(screen.getByRole('button', { name: /Add/ }));
  const dialog = await findDialog('Select Cron trigger');
  await user.type(within(dialog).getByLabelText('Cron expression'), expression);
  await user.click(within(dialog).getByRole('button', { name: 'Validator' }));
  await within(dialog).findByText(`Runs ${expression}`);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByText('Select Cron trigger')).toBeNull());
}

describe('CronTriggerList', { timeout: 30_000 }, () => {
  it('shows each expression on its own row, deletes one, and adds through the modal without duplicates', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<JobFormHarness initial="0 0 8 * * ?|0 0/5 * * * ?" onSubmit={onSubmit} />);
    const rows = () => screen.getAllByTestId('cron-trigger-row').map((row) => row.textContent);
    expect(rows()).toEqual(['0 0 8 * * ?', '0 0/5 * * * ?']);

    await user.click(screen.getByRole('button', { name: 'Delete 0 0/5 * * * ?' }));
    expect(rows()).toEqual(['0 0 8 * * ?']);

    await addThroughModal(user, '0 0 8 * * ?');
    expect(rows()).toEqual(['0 0 8 * * ?']);

    await addThroughModal(user, '0 30 17 ? * MON-FRI');
    expect(rows()).toEqual(['0 0 8 * * ?', '0 30 17 ? * MON-FRI']);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('0 0 8 * * ?|0 30 17 ? * MON-FRI'));
  });

  it('disabled: neither add nor delete', () => {
    renderWithProviders(<CronTriggerList value="0 0 8 * * ?" disabled />);
    expect(screen.getByRole('button', { name: /Add/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete 0 0 8 * * ?' }).hasAttribute('disabled')).toBe(true);
  });

  it('an empty list says so', () => {
    renderWithProviders(<CronTriggerList value="" />);
    expect(screen.getByText('No cron trigger')).toBeTruthy();
  });
});
