import fs from 'node:fs';
import path from 'node:path';
import { emptyDir, writeRandomFile, writeSmallFiles } from './bench-files.js';

/**
 * The folders of one benchmark run, all on this machine (the "remote" ones are reached through the
 * loopback sshd by the same absolute path): remote/ holds what is downloaded, local/ what is uploaded,
 * downloads/ and uploads/ receive.
 */
export interface TransferWorkspace {
  bigBytes: number;
  smallBytes: number;
  smallNames: string[];
  remote(name: string): string;
  local(name: string): string;
  download(name: string): string;
  uploaded(name: string): string;
  emptyDownloads(): void;
  emptyUploads(): void;
  remove(): void;
}

export function createTransferWorkspace(
  root: string,
  sizes: { bigBytes: number; smallCount: number; smallBytes: number },
): TransferWorkspace {
  const dirs = {
    remote: path.join(root, 'remote'),
    local: path.join(root, 'local'),
    downloads: path.join(root, 'downloads'),
    uploads: path.join(root, 'uploads'),
  };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  writeRandomFile(path.join(dirs.remote, 'big.bin'), sizes.bigBytes);
  writeRandomFile(path.join(dirs.local, 'big.bin'), sizes.bigBytes);
  const smallNames = writeSmallFiles(path.join(dirs.remote, 'small'), sizes.smallCount, sizes.smallBytes);
  writeSmallFiles(path.join(dirs.local, 'small'), sizes.smallCount, sizes.smallBytes);
  return {
    bigBytes: sizes.bigBytes,
    smallBytes: sizes.smallBytes,
    smallNames,
    remote: (name) => path.join(dirs.remote, name),
    local: (name) => path.join(dirs.local, name),
    download: (name) => path.join(dirs.downloads, name),
    uploaded: (name) => path.join(dirs.uploads, name),
    emptyDownloads: () => emptyDir(dirs.downloads),
    emptyUploads: () => emptyDir(dirs.uploads),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
