import { SFTP_FOLDER_LIST_MAX } from '@lis/contracts';
import { Alert, Button, Flex, Modal, Tree, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState, type Key } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorText } from '../../ui/useErrorDialog';
import { attachFolders, ROOT_PATH, rootFolderTree, type FolderTreeNode } from './folder-tree';
import { fetchSftpFolders } from './job-tools-api';
import { jobToolsMessages } from './job-tools.i18n';

export interface SelectPathModalProps {
  open: boolean;
  companyCode: string;
  sftpServerId: string;
  sid?: string;
  onClose: () => void;
  onSave: (path: string) => void;
}

/**
 * The spec's Select Path modal (spec 001 §2, §4): the folders of a saved sFTP server as a tree that
 * opens at '/', each folder listed once when first expanded, one folder ticked at a time.
 */
export function SelectPathModal({ open, ...props }: SelectPathModalProps) {
  // Each opening starts afresh (the remote folders may have changed).
  return open ? (
    <SelectPathDialog key={`${props.companyCode}\u0000${props.sftpServerId}`} {...props} />
  ) : null;
}

interface LoadFailure {
  path: string;
  message: string;
}

function SelectPathDialog({
  companyCode,
  sftpServerId,
  sid,
  onClose,
  onSave,
}: Omit<SelectPathModalProps, 'open'>) {
  const t = useT(jobToolsMessages);
  const errorText = useErrorText();
  const [tree, setTree] = useState<FolderTreeNode[]>(rootFolderTree);
  const [expandedKeys, setExpandedKeys] = useState<Key[]>([ROOT_PATH]);
  const [loadedKeys, setLoadedKeys] = useState<Key[]>([]);
  const [truncatedPaths, setTruncatedPaths] = useState<string[]>([]);
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  /** Each path is listed once: the listed ones, and the listings under way (shared by every caller). */
  const listed = useRef(new Set<string>());
  const listing = useRef(new Map<string, Promise<void>>());

  const list = useCallback(
    async (path: string) => {
      setFailure((current) => (current?.path === path ? null : current));
      try {
        const answer = await fetchSftpFolders({ companyCode, sftpServerId, sid }, path);
        listed.current.add(path);
        setTree((current) => attachFolders(current, path, answer.result_list));
        setLoadedKeys((current) => [...current, path]);
        setExpandedKeys((current) => (current.includes(path) ? current : [...current, path]));
        if (answer.truncated) setTruncatedPaths((current) => [...current, path]);
      } catch (error) {
        // Folded again, so that the tree does not ask at once; expanding it (or Retry) asks again.
        setExpandedKeys((current) => current.filter((key) => key !== path));
        setFailure({ path, message: errorText(error) });
      } finally {
        listing.current.delete(path);
      }
    },
    [companyCode, sftpServerId, sid, errorText],
  );

  const load = useCallback(
    (path: string): Promise<void> => {
      if (listed.current.has(path)) return Promise.resolve();
      const underWay = listing.current.get(path) ?? list(path);
      listing.current.set(path, underWay);
      return underWay;
    },
    [list],
  );

  useEffect(() => {
    void load(ROOT_PATH);
  }, [load]);

  return (
    <Modal
      open
      title={t('pathTitle')}
      width="min(640px, 96vw)"
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
        <Button key="save" type="primary" disabled={chosen === null} onClick={() => chosen && onSave(chosen)}>
          {t('save')}
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        {failure && (
          <Alert
            type="error"
            showIcon
            data-testid="path-load-failed"
            title={t('pathLoadFailed', { path: failure.path, message: failure.message })}
            action={
              <Button size="small" onClick={() => void load(failure.path)}>
                {t('retry')}
              </Button>
            }
          />
        )}
        {truncatedPaths.map((path) => (
          <Alert
            key={path}
            type="warning"
            showIcon
            title={t('pathTruncated', { path, max: SFTP_FOLDER_LIST_MAX })}
          />
        ))}
        <div style={{ maxHeight: '50vh', overflow: 'auto' }}>
          <Tree<FolderTreeNode>
            checkable
            checkStrictly
            treeData={tree}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpandedKeys(keys)}
            loadedKeys={loadedKeys}
            loadData={(node) => load(node.key)}
            checkedKeys={{ checked: chosen ? [chosen] : [], halfChecked: [] }}
            onCheck={(_, info) => setChosen(info.checked ? info.node.key : null)}
            selectedKeys={chosen ? [chosen] : []}
            onSelect={(_, info) => setChosen(info.selected ? info.node.key : null)}
          />
        </div>
        <Typography.Text type={chosen ? undefined : 'secondary'} data-testid="chosen-path">
          {chosen ? (
            <>
              {t('chosenPath')}: <Typography.Text code>{chosen}</Typography.Text>
            </>
          ) : (
            t('noPathChosen')
          )}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
