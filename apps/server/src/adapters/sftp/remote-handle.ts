import type { SftpChannel } from './sftp-channel.js';

/** How long cleanup (closing a handle, removing a temporary file) may wait for a server that stalls. */
export const CLEANUP_TIMEOUT_MS = 2000;

/** Resolves when `work` settles or after `timeoutMs`, whichever is first; never rejects. */
export async function settleWithin(work: Promise<unknown>, timeoutMs = CLEANUP_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

/** Closes a remote file handle, ignoring failures and giving up after CLEANUP_TIMEOUT_MS. */
export async function closeRemoteHandle(channel: SftpChannel, handle: Buffer): Promise<void> {
  if (channel.lostError) return;
  const { sftp } = channel;
  await settleWithin(channel.request<void>('closing a remote file', (done) => sftp.close(handle, done)));
}
