import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../testing/TestProviders';
import { LockedInput, PipeListInput, TrueFalseCheckbox, YesNoSwitch } from './index';

function Harness({ onFinish }: { onFinish: (values: Record<string, string>) => void }) {
  return (
    <Form
      initialValues={{ flag: 'N', important: 'False', list: 'a@x.com', path: 'path_getsftp' }}
      onFinish={onFinish}
    >
      <Form.Item name="flag">
        <YesNoSwitch aria-label="flag" />
      </Form.Item>
      <Form.Item name="important">
        <TrueFalseCheckbox>Important</TrueFalseCheckbox>
      </Form.Item>
      <Form.Item name="list">
        <PipeListInput aria-label="mails" />
      </Form.Item>
      <Form.Item name="path">
        <LockedInput aria-label="path" />
      </Form.Item>
      <Button htmlType="submit">submit</Button>
    </Form>
  );
}

afterEach(cleanup);

describe('job form controls', { timeout: 20_000 }, () => {
  it(
    'map to Y/N, True/False and |-joined text, and keep a locked path until unlocked',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup({ delay: null });
      const onFinish = vi.fn();
      render(
        <TestProviders>
          <Harness onFinish={onFinish} />
        </TestProviders>,
      );
      await user.click(screen.getByRole('switch', { name: 'flag' }));
      await user.click(screen.getByRole('checkbox', { name: 'Important' }));
      await user.type(screen.getByRole('textbox', { name: 'mails' }), ' b @x.com{Enter}');
      await user.type(screen.getByRole('textbox', { name: 'mails' }), 'a@x.com{Enter}');
      const tags = within(screen.getByRole('list', { name: 'mails' })).getAllByRole('listitem');
      expect(tags.map((tag) => tag.textContent)).toEqual(['a@x.com', 'b@x.com']);

      const path = screen.getByRole('textbox', { name: 'path' });
      expect((path as HTMLInputElement).disabled).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Unlock to edit: path' }));
      expect((path as HTMLInputElement).disabled).toBe(false);
      await user.clear(path);
      await user.type(path, 'elsewhere');

      await user.click(screen.getByRole('button', { name: 'submit' }));
      await vi.waitFor(() =>
        expect(onFinish).toHaveBeenCalledWith({
          flag: 'Y',
          important: 'True',
          list: 'a@x.com|b@x.com',
          path: 'elsewhere',
        }),
      );
    },
  );

  it('removes a list entry with its tag', async () => {
    const user = userEvent.setup({ delay: null });
    const onFinish = vi.fn();
    render(
      <TestProviders>
        <Harness onFinish={onFinish} />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove a@x.com' }));
    await user.click(screen.getByRole('button', { name: 'submit' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith(expect.objectContaining({ list: '' })));
  });
});
