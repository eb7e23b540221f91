import fs from 'node:fs';

/** The loopback ports of the demo peers, chosen on the first start and kept in `{LIS_DATA_DIR}/demo/ports.json`. */
export interface DemoPorts {
  sftp: number;
  functions: number;
  dms: number;
}

export type DemoPeerName = keyof DemoPorts;

const PEERS: readonly DemoPeerName[] = ['sftp', 'functions', 'dms'];

const isPort = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 65536;

/** The kept ports: none before the first start; a value that is not a port is left out (a new one is chosen). */
export function readDemoPorts(file: string): Partial<DemoPorts> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  const kept: Partial<DemoPorts> = {};
  if (typeof parsed !== 'object' || parsed === null) return kept;
  for (const peer of PEERS) {
    const value = (parsed as Record<string, unknown>)[peer];
    if (isPort(value)) kept[peer] = value;
  }
  return kept;
}

/** Keeps the ports for the next start (written beside, then renamed: never half a file). */
export function writeDemoPorts(file: string, ports: DemoPorts): void {
  const partial = `${file}.tmp`;
  fs.writeFileSync(partial, `${JSON.stringify(ports, null, 2)}\n`, { mode: 0o644 });
  fs.renameSync(partial, file);
}

/** Another program listens on the port. */
export function isPortTaken(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}

/**
 * Starts one peer on its kept port; when another program holds that port, says so through `warn` and
 * starts it on a new free port instead (the caller keeps the new one and updates the demo's servers).
 */
export async function listenOnKeptPort<T>(
  peer: DemoPeerName,
  kept: number | undefined,
  start: (port: number) => Promise<T>,
  warn: (object: object, message: string) => void,
): Promise<T> {
  if (kept === undefined) return start(0);
  try {
    return await start(kept);
  } catch (error) {
    if (!isPortTaken(error)) throw error;
    warn(
      { peer, port: kept, err: error },
      `demo: port ${kept} of the demo ${peer} peer is taken by another program; the peer moves to a new free port and the demo's server configuration follows it (configurations of your own that point at port ${kept} must be updated)`,
    );
    return start(0);
  }
}
