import type fs from 'node:fs';

/**
 * Ends a file's read stream that its reader may have left unread or destroyed mid-open, and resolves
 * once the file is closed — so the file may then be removed. A `put` refused before it reads (a full
 * disk) leaves the stream opening in the background: removing the file meanwhile made that open fail
 * with ENOENT on a stream no one listened to, an uncaught exception that stops the process (CI run of
 * session 15), and an open that won the race kept its descriptor for good. Errors of the stream are
 * its reader's to report; here they have nothing left to tell.
 */
export async function releaseReadStream(stream: fs.ReadStream): Promise<void> {
  stream.on('error', () => undefined);
  if (stream.closed) return;
  await new Promise<void>((resolve) => {
    stream.once('close', () => resolve());
    stream.destroy();
  });
}
