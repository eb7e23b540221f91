import { setTimeout as sleep } from 'node:timers/promises';
import {
  HttpFailure,
  type CallAnswer,
  type CallRequest,
  type CallRequestFile,
  type ReferenceFunction,
  type ResultFile,
  type ResultRow,
} from './function-contract.js';

export interface DemoFunctionOptions {
  /** How long Demo/slow waits unless aborted (default 60 s). */
  readonly slowSeconds?: number;
  /** Bucket of the files that Demo/dmsDynamic answers (default 'demo'). */
  readonly dmsBucket?: string;
}

/** The example functions of the reference server, keyed `Class/function`. */
export function demoFunctions(options: DemoFunctionOptions = {}): Record<string, ReferenceFunction> {
  const slowSeconds = options.slowSeconds ?? 60;
  const dmsBucket = options.dmsBucket ?? 'demo';
  return {
    'Demo/validateRecords': {
      description:
        'Validates converted records: col_0003 must be a number; one application-log row per record',
      run: async (request, { now }) => validateRecords(request, now()),
    },
    'Demo/echo': {
      description: 'Returns the input files unchanged as success files',
      run: async (request) => ({
        status: 'success',
        message: `${request.files.length} file(s) echoed`,
        files: request.files.map((file) => ({
          file_name: file.file_name,
          content_base64: file.content_base64,
          kind: 'success',
        })),
        results: request.files.map((file) => ({ status: 'S', message: 'echoed', file_name: file.file_name })),
      }),
    },
    'Demo/generate': {
      description: 'Produces one CSV file without any input (for OUT_WAIT and PULL_WAIT jobs)',
      run: async (request, { now }) => {
        const csv = `job_instance_no,generated_at\n${request.job_instance_no},${now().toISOString()}\n`;
        return {
          status: 'success',
          message: '1 file generated',
          files: [
            {
              file_name: `${safeName(request.job_instance_no)}.csv`,
              content_base64: base64(csv),
              kind: 'success',
            },
          ],
          results: [{ status: 'S', message: 'generated', transaction_id: request.job_instance_no }],
        };
      },
    },
    'Demo/alwaysFails': {
      description: 'Answers status error on purpose',
      run: async () => ({
        status: 'error',
        message: 'Demo/alwaysFails failed on purpose',
        files: [],
        results: [],
      }),
    },
    'Demo/alwaysFails500': {
      description: 'Answers HTTP 500 on purpose',
      run: async () => {
        throw new HttpFailure(500, 'Demo/alwaysFails500 failed on purpose');
      },
    },
    'Demo/slow': {
      description: `Waits ${slowSeconds} s (or until the caller hangs up), then echoes`,
      run: async (request, { signal }) => {
        await sleep(slowSeconds * 1000, undefined, { signal });
        return { status: 'success', message: `answered after ${slowSeconds} s`, files: [], results: [] };
      },
    },
    'Demo/dmsDynamic': {
      description: 'Returns each input file with its own DMS bucket, box and group (DMS_DYN_WAIT)',
      run: async (request) => {
        const inputs: CallRequestFile[] = request.files.length
          ? request.files
          : [
              {
                file_name: `${safeName(request.job_instance_no)}.txt`,
                content_base64: base64('generated\n'),
              },
            ];
        const files: ResultFile[] = inputs.map((file, index) => ({
          file_name: file.file_name,
          content_base64: file.content_base64,
          kind: 'success',
          dms: {
            bucket: dmsBucket,
            box_id: `box-${(index % 2) + 1}`,
            group_id: `group-${index + 1}`,
            role: 'reader',
          },
        }));
        return {
          status: 'success',
          message: `${files.length} file(s) for the DMS`,
          files,
          results: files.map((file) => ({ status: 'S', message: 'routed', file_name: file.file_name })),
        };
      },
    },
  };
}

/** Each record whose col_0003 is empty or not a number is a document in error. */
function validateRecords(request: CallRequest, now: Date): CallAnswer {
  const results: ResultRow[] = [];
  const files: ResultFile[] = [];
  const today = yyyymmdd(now);
  for (const file of request.files) {
    if (!file.records) {
      results.push({
        status: 'E',
        message: 'the file was not converted into records',
        file_name: file.file_name,
      });
      files.push({
        file_name: `${file.file_name}.error.csv`,
        content_base64: base64('not converted\n'),
        kind: 'error',
      });
      continue;
    }
    const good: string[] = [];
    const bad: string[] = [];
    file.records.forEach((record, index) => {
      const amount = (record.col_0003 ?? '').trim();
      const valid = amount !== '' && Number.isFinite(Number(amount));
      const message = valid
        ? 'valid'
        : amount === ''
          ? 'col_0003 is empty'
          : `col_0003 "${amount}" is not a number`;
      results.push({
        status: valid ? 'S' : 'E',
        message,
        file_name: file.file_name,
        transaction_id: record.col_0001 || `${file.file_name}#${index + 1}`,
        transaction_date: today,
        source_id1: record.col_0001 ?? '',
        source_id2: record.col_0002 ?? '',
        source_id3: file.file_name,
        doc_type: 'DEMO',
        doc_year: today.slice(0, 4),
        item_no: String(index + 1),
        doc_date: today,
        post_date: today,
        metadata: { record: index + 1, amount },
      });
      const line = Object.keys(record)
        .sort()
        .map((key) => record[key])
        .join(',');
      (valid ? good : bad).push(valid ? line : `${line},${message}`);
    });
    if (good.length) {
      files.push({
        file_name: `${file.file_name}.ok.csv`,
        content_base64: base64(lines(good)),
        kind: 'success',
      });
    }
    if (bad.length) {
      files.push({
        file_name: `${file.file_name}.error.csv`,
        content_base64: base64(lines(bad)),
        kind: 'error',
      });
    }
  }
  const errors = results.filter((row) => row.status === 'E').length;
  return {
    status: 'success',
    message: `${results.length} document(s) checked, ${errors} in error`,
    files,
    results,
  };
}

function lines(items: string[]): string {
  return items.map((item) => `${item}\n`).join('');
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

function yyyymmdd(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll('-', '');
}

/** A job instance number as a file name (no separators). */
function safeName(text: string): string {
  return text.replace(/[^0-9A-Za-z._-]/g, '_').slice(0, 200) || 'output';
}
