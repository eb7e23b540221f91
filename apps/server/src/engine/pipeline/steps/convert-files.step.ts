import type { Buffer } from 'node:buffer';
import { convert, ConverterError, CONVERTER_MAX_FILE_BYTES, type ConverterSetting } from '@lis/converter';
import type { ConvertedRecord } from '../../../adapters/function-server/index.js';
import { runMessage } from '../../../i18n/run-message.js';
import type { StepResult } from '../pipeline-context.js';

/**
 * The converter setting of a source file. A job config has no converter field (spec 001 §3), so the
 * file's extension chooses (decision 0008): .json → json, .csv → delimiter ',', .tsv → tab,
 * .psv → '|', anything else → raw lines.
 */
export function settingFor(fileName: string): ConverterSetting {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (extension === 'json') return { mode: 'json' };
  if (extension === 'csv') return { mode: 'delimiter', delimiter: ',' };
  if (extension === 'tsv') return { mode: 'delimiter', delimiter: '\t' };
  if (extension === 'psv') return { mode: 'delimiter', delimiter: '|' };
  return { mode: 'raw' };
}

/** A source file of the run as kept in its backup (step 1's ledger row). */
export interface SourceFile {
  fileName: string;
  blobKey: string;
  size: number;
  sha256: string;
}

/** A source file with its bytes when it is small enough to convert (never a large one: memory). */
export interface SourceContent extends SourceFile {
  bytes: Buffer | undefined;
}

/**
 * Step 5: each source file into records (col_0001, …) with the Create Structure converter. A JSON file
 * is parsed (the function receives it whole, without records). A file that cannot be converted — too
 * large, malformed — is sent without records and makes the step WARNING, naming it.
 */
export function convertFiles(files: readonly SourceContent[]): StepResult & {
  records: Map<string, ConvertedRecord[]>;
} {
  const records = new Map<string, ConvertedRecord[]>();
  const problems: string[] = [];
  let count = 0;
  for (const file of files) {
    if (file.bytes === undefined || file.size > CONVERTER_MAX_FILE_BYTES) {
      problems.push(`${file.fileName}: larger than ${CONVERTER_MAX_FILE_BYTES} bytes, sent without records`);
      continue;
    }
    const setting = settingFor(file.fileName);
    try {
      const result = convert([{ file_name: file.fileName, bytes: file.bytes }], setting);
      count += result.total_count;
      const data = result.data_list[0]?.data;
      if (setting.mode !== 'json' && Array.isArray(data))
        records.set(file.fileName, data as ConvertedRecord[]);
    } catch (error) {
      if (!(error instanceof ConverterError)) throw error;
      problems.push(`${file.fileName}: ${error.message}`);
    }
  }
  if (problems.length > 0) return { status: 'WARNING', message: problems.join('; ').slice(0, 2000), records };
  return {
    status: 'SUCCESS',
    message: runMessage('convertDone', { files: files.length, records: count }),
    records,
  };
}
