import type { SftpFolderNode } from '@lis/contracts';

/** Spec 001 §9: the remote path picker begins at '/'. */
export const ROOT_PATH = '/';

/** A node of the Select Path tree: keyed by its absolute path. */
export interface FolderTreeNode {
  key: string;
  title: string;
  /** Known to have no sub-folder (its listing came back empty). */
  isLeaf?: boolean;
  children?: FolderTreeNode[];
}

export function rootFolderTree(): FolderTreeNode[] {
  return [{ key: ROOT_PATH, title: ROOT_PATH }];
}

/** The tree with the folders listed under `parentPath` attached as its children (a leaf when none). */
export function attachFolders(
  tree: readonly FolderTreeNode[],
  parentPath: string,
  folders: readonly SftpFolderNode[],
): FolderTreeNode[] {
  return tree.map((node) => {
    if (node.key === parentPath) {
      const children = folders.map((folder) => ({ key: folder.path, title: folder.name }));
      return { ...node, children, isLeaf: children.length === 0 };
    }
    if (!node.children || !parentPath.startsWith(node.key)) return node;
    return { ...node, children: attachFolders(node.children, parentPath, folders) };
  });
}
