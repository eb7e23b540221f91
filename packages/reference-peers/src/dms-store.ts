import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A stored file's description (everything but its bytes). */
export interface StoredFileMeta {
  id: string;
  bucket: string;
  job_instance_no: string;
  file_name: string;
  box_id: string;
  group_id: string;
  role: string;
  created_on: string;
  size: number;
}

export interface PutInput {
  bucket: string;
  job_instance_no: string;
  file_name: string;
  box_id: string;
  group_id: string;
  role: string;
  content: Buffer;
  now: Date;
}

/**
 * The reference DMS's storage: in memory, or in a folder (`{id}.bin` per file and `index.json`) so that a
 * restarted server still has its files. A put for the same bucket, run and name replaces the file, keeping
 * its id (a retried delivery does not make a second document).
 */
export class DmsStore {
  private readonly files = new Map<string, StoredFileMeta>();
  private readonly contents = new Map<string, Buffer>();
  private writes: Promise<void> = Promise.resolve();

  private constructor(private readonly folder: string | undefined) {}

  static async open(folder?: string): Promise<DmsStore> {
    const store = new DmsStore(folder);
    if (folder) {
      await fs.mkdir(folder, { recursive: true });
      const index = await fs.readFile(path.join(folder, 'index.json'), 'utf8').catch(() => '[]');
      for (const meta of JSON.parse(index) as StoredFileMeta[]) store.files.set(meta.id, meta);
    }
    return store;
  }

  list(bucket: string, jobInstanceNo: string): StoredFileMeta[] {
    return [...this.files.values()]
      .filter((file) => file.bucket === bucket && file.job_instance_no === jobInstanceNo)
      .sort((a, b) => a.created_on.localeCompare(b.created_on) || a.file_name.localeCompare(b.file_name));
  }

  meta(id: string): StoredFileMeta | undefined {
    return this.files.get(id);
  }

  async content(id: string): Promise<Buffer> {
    const cached = this.contents.get(id);
    if (cached || !this.folder) return cached ?? Buffer.alloc(0);
    return fs.readFile(path.join(this.folder, `${id}.bin`));
  }

  async put(input: PutInput): Promise<{ meta: StoredFileMeta; created: boolean }> {
    const existing = [...this.files.values()].find(
      (file) =>
        file.bucket === input.bucket &&
        file.job_instance_no === input.job_instance_no &&
        file.file_name === input.file_name,
    );
    const meta: StoredFileMeta = {
      id: existing?.id ?? randomUUID(),
      bucket: input.bucket,
      job_instance_no: input.job_instance_no,
      file_name: input.file_name,
      box_id: input.box_id,
      group_id: input.group_id,
      role: input.role,
      created_on: input.now.toISOString(),
      size: input.content.length,
    };
    this.files.set(meta.id, meta);
    if (this.folder) {
      const target = path.join(this.folder, `${meta.id}.bin`);
      await fs.writeFile(`${target}.tmp`, input.content);
      await fs.rename(`${target}.tmp`, target);
      await this.saveIndex(this.folder);
    } else {
      this.contents.set(meta.id, input.content);
    }
    return { meta, created: !existing };
  }

  /** Index writes one after another, each complete before it replaces the previous. */
  private saveIndex(folder: string): Promise<void> {
    const snapshot = JSON.stringify([...this.files.values()], null, 2);
    this.writes = this.writes
      .catch(() => undefined)
      .then(async () => {
        const target = path.join(folder, 'index.json');
        await fs.writeFile(`${target}.tmp`, snapshot);
        await fs.rename(`${target}.tmp`, target);
      });
    return this.writes;
  }
}
