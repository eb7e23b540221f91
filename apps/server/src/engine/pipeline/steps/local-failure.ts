/** What a failure of this node's own disk means, in words an operator can act on. */
const LOCAL_FAILURES: Record<string, string> = {
  ENOSPC: 'the disk of the file store is full',
  EDQUOT: 'the disk quota of the file store is used up',
  EROFS: 'the file store is on a read-only file system',
  EACCES: 'LIS may not write to the file store (permission denied)',
  EPERM: 'LIS may not write to the file store (operation not permitted)',
  ENAMETOOLONG: 'the name is too long for the file store',
  EMFILE: 'LIS has too many files open',
};

/** `reason (CODE: original message)` for a local file-system error; other errors as they are. */
export function describeLocalFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const text = error instanceof Error ? error.message : String(error);
  const reason = typeof code === 'string' ? LOCAL_FAILURES[code] : undefined;
  return (reason ? `${reason} (${text})` : text).slice(0, 1000);
}
