import type { FunctionResultRow } from '../../../adapters/function-server/index.js';
import type { RunContext, StepResult } from '../pipeline-context.js';
import { runMessage } from '../../../i18n/run-message.js';

const text = (value: string | undefined, max: number) => (value ?? '').slice(0, max);

/**
 * Step 4: the function's per-document results become application-log rows (replacing this run's,
 * so a re-run writes them once). Documents in error make the step ERROR, and the source files they
 * came from become the run's step-4 error files.
 */
export async function recordFunctionStatus(
  context: RunContext,
  results: readonly FunctionResultRow[],
): Promise<StepResult & { errorCount: number }> {
  const { recorder } = context;
  await recorder.replaceApplicationLog(
    results.map((row) => ({
      transaction_id: text(row.transaction_id, 200),
      transaction_date: text(row.transaction_date, 32),
      source_id1: text(row.source_id1, 200),
      source_id2: text(row.source_id2, 200),
      source_id3: text(row.source_id3, 200),
      doc_type: text(row.doc_type, 100),
      doc_year: text(row.doc_year, 8),
      item_no: text(row.item_no, 100),
      doc_date: text(row.doc_date, 32),
      post_date: text(row.post_date, 32),
      status: row.status,
      message: text(row.message, 4000),
      metadata: row.metadata ? JSON.stringify(row.metadata) : '',
      source_file: text(row.file_name, 255),
    })),
  );
  const errors = results.filter((row) => row.status === 'E');
  /** The function's own text of its first document in error. */
  const first = (errors[0]?.message ?? '').slice(0, 1500);
  if (errors.length === 0)
    return {
      status: 'SUCCESS',
      message: runMessage('statusNoErrors', { count: results.length }),
      errorCount: 0,
    };

  const sources = new Map((await recorder.files('source')).map((file) => [file.fileName, file]));
  const errorFiles = new Set(errors.map((row) => row.file_name ?? '').filter((name) => sources.has(name)));
  for (const name of errorFiles) {
    const source = sources.get(name);
    if (source)
      await recorder.recordFile('step4_error', name, source, source.blobKey, `step4:${source.origin}`);
  }
  return {
    status: 'ERROR',
    message: errorFiles.size
      ? runMessage('statusErrorsWithFiles', {
          errors: errors.length,
          count: results.length,
          files: [...errorFiles].join(', ').slice(0, 500),
          first,
        })
      : runMessage('statusErrors', { errors: errors.length, count: results.length, first }),
    errorCount: errors.length,
  };
}
