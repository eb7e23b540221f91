import type { SftpFolderNode, SftpFolderRequest } from '@lis/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type MockAnswer } from '../../testing/mock-fetch';
import { attachFolders, rootFolderTree } from './folder-tree';
import { callsTo, findDialog, renderWithProviders } from './job-tools-testing';
import { PathPickerButton } from './PathPickerButton';
import { SelectPathModal } from './SelectPathModal';

const FOLDERS = '/v1/config/sftp-server/folders';

const folder = (parent: string, name: string): SftpFolderNode => ({
  name,
  parent,
  path: `${parent === '/' ? '' : parent}/${name}`,
  node_level: parent === '/' ? 1 : parent.split('/').length,
});

/** A remote server with /inbound/{daily,monthly} and /outbound. */
const REMOTE: Record<string, SftpFolderNode[]> = {
  '/': [folder('/', 'inbound'), folder('/', 'outbound')],
  '/inbound': [folder('/inbound', 'daily'), folder('/inbound', 'monthly')],
  '/inbound/daily': [],
  '/inbound/monthly': [],
  '/outbound': [],
};

function fakeSftpServer(answer?: (path: string) => MockAnswer | undefined) {
  return mockFetch({
    [`POST ${FOLDERS}`]: ({ body }) => {
      const { path } = body as SftpFolderRequest;
      return answer?.(path) ?? { result_list: REMOTE[path] ?? [], truncated: false };
    },
  });
}

const requestedPaths = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, 'POST', FOLDERS).map((call) => (call.body as SftpFolderRequest).path);

function treeNode(dialog: HTMLElement, title: string): HTMLElement {
  const node = within(dialog).getByTitle(title).closest<HTMLElement>('.ant-tree-treenode');
  if (!node) throw new Error(`no tree node ${title}`);
  return node;
}
const part = (node: HTMLElement, selector: string) => node.querySelector<HTMLElement>(selector)!;
const isTicked = (dialog: HTMLElement, title: string) =>
  part(treeNode(dialog, title), '.ant-tree-checkbox').classList.contains('ant-tree-checkbox-checked');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('attachFolders', () => {
  it('puts the listed folders under their parent; an empty listing makes a leaf', () => {
    let tree = attachFolders(rootFolderTree(), '/', REMOTE['/']!);
    tree = attachFolders(tree, '/outbound', []);
    tree = attachFolders(tree, '/inbound', REMOTE['/inbound']!);
    expect(tree).toEqual([
      {
        key: '/',
        title: '/',
        isLeaf: false,
        children: [
          {
            key: '/inbound',
            title: 'inbound',
            isLeaf: false,
            children: [
              { key: '/inbound/daily', title: 'daily' },
              { key: '/inbound/monthly', title: 'monthly' },
            ],
          },
          { key: '/outbound', title: 'outbound', isLeaf: true, children: [] },
        ],
      },
    ]);
  });
});

describe('SelectPathModal', { timeout: 30_000 }, () => {
  function renderModal() {
    const onSave = vi.fn();
    renderWithProviders(
      <SelectPathModal open companyCode="ACME" sftpServerId="SFTP01" onClose={vi.fn()} onSave={onSave} />,
    );
    return { onSave };
  }

  it('opens at / and lists each folder once, when first expanded', async () => {
    const fetchMock = fakeSftpServer();
    const user = userEvent.setup();
    renderModal();
    const dialog = await findDialog('Select Path');
    expect(await within(dialog).findByTitle('inbound')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', FOLDERS)[0]?.body).toEqual({
      sid: '555',
      company_code: 'ACME',
      sftp_server_id: 'SFTP01',
      path: '/',
    });
    expect(within(dialog).queryByTitle('daily')).toBeNull();

    await user.click(part(treeNode(dialog, 'inbound'), '.ant-tree-switcher'));
    expect(await within(dialog).findByTitle('daily')).toBeTruthy();
    await user.click(part(treeNode(dialog, 'inbound'), '.ant-tree-switcher'));
    await waitFor(() => expect(within(dialog).queryByTitle('daily')).toBeNull());
    await user.click(part(treeNode(dialog, 'inbound'), '.ant-tree-switcher'));
    expect(await within(dialog).findByTitle('daily')).toBeTruthy();
    await user.click(part(treeNode(dialog, 'daily'), '.ant-tree-switcher'));
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain('/inbound/daily'));

    expect(requestedPaths(fetchMock)).toEqual(['/', '/inbound', '/inbound/daily']);
  });

  it('one folder ticked at a time; Save gives its path', async () => {
    fakeSftpServer();
    const user = userEvent.setup();
    const { onSave } = renderModal();
    const dialog = await findDialog('Select Path');
    await within(dialog).findByTitle('inbound');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.click(part(treeNode(dialog, 'outbound'), '.ant-tree-checkbox'));
    expect(isTicked(dialog, 'outbound')).toBe(true);
    await user.click(part(treeNode(dialog, 'inbound'), '.ant-tree-switcher'));
    await within(dialog).findByTitle('monthly');
    await user.click(part(treeNode(dialog, 'monthly'), '.ant-tree-checkbox'));
    expect(isTicked(dialog, 'monthly')).toBe(true);
    expect(isTicked(dialog, 'outbound')).toBe(false);
    expect(isTicked(dialog, 'inbound')).toBe(false);
    expect(within(dialog).getByTestId('chosen-path').textContent).toContain('/inbound/monthly');

    await user.click(save);
    expect(onSave).toHaveBeenCalledWith('/inbound/monthly');
  });

  it("shows the server's error in the modal and lists again on Retry", async () => {
    let failures = 1;
    const fetchMock = fakeSftpServer((path) =>
      path === '/' && failures-- > 0 ? jsonResponse({ message: 'Permission denied' }, 502) : undefined,
    );
    const user = userEvent.setup();
    renderModal();
    const dialog = await findDialog('Select Path');
    const alert = await within(dialog).findByTestId('path-load-failed');
    expect(alert.textContent).toContain('Could not list the folders of /: Permission denied');

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByTitle('inbound')).toBeTruthy();
    expect(within(dialog).queryByTestId('path-load-failed')).toBeNull();
    expect(requestedPaths(fetchMock)).toEqual(['/', '/']);
  });

  it('says when the listing was cut', async () => {
    fakeSftpServer((path) => (path === '/' ? { result_list: REMOTE['/'], truncated: true } : undefined));
    renderModal();
    const dialog = await findDialog('Select Path');
    expect(await within(dialog).findByText('Only the first 2000 folders of / are shown.')).toBeTruthy();
  });
});

describe('PathPickerButton', { timeout: 30_000 }, () => {
  it('warns to choose the sFTP server first, without asking the server', async () => {
    const fetchMock = fakeSftpServer();
    const user = userEvent.setup();
    renderWithProviders(<PathPickerButton companyCode="ACME" sftpServerId="" onPick={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: /Select Path/ }));
    expect(
      await screen.findByText('Please choose the sFTP server first, then select the path.'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the Select Path modal and hands back the picked path', async () => {
    fakeSftpServer();
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <PathPickerButton companyCode="ACME" sftpServerId="SFTP01" sid="555" onPick={onPick} />,
    );
    await user.click(screen.getByRole('button', { name: /Select Path/ }));
    const dialog = await findDialog('Select Path');
    await within(dialog).findByTitle('outbound');
    await user.click(part(treeNode(dialog, 'outbound'), '.ant-tree-checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onPick).toHaveBeenCalledWith('/outbound');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
