/**
 * The function-server contract as the reference server sees it (docs/function-server.md). Written apart from
 * the LIS client's schemas on purpose: a test checks this implementation's answers against those schemas.
 */

export interface CallRequestFile {
  file_name: string;
  content_base64: string;
  size?: number;
  sha256?: string;
  records?: Array<Record<string, string>>;
}

export interface CallRequest {
  sid: string;
  company_code: string;
  legacy_id: string;
  legacy_type: string;
  job_instance_no: string;
  class_name: string;
  function_name: string;
  files: CallRequestFile[];
  /** The same as the Idempotency-Key header (LIS sends both). */
  idempotency_key?: string;
}

export interface ResultFile {
  file_name: string;
  content_base64: string;
  kind: 'success' | 'error';
  dms?: { bucket: string; box_id: string; group_id: string; role?: string };
}

/** One business document's outcome (an application-log row without legacyid, companycode, created_on). */
export interface ResultRow {
  status: 'S' | 'E';
  message: string;
  file_name?: string;
  transaction_id?: string;
  transaction_date?: string;
  source_id1?: string;
  source_id2?: string;
  source_id3?: string;
  doc_type?: string;
  doc_year?: string;
  item_no?: string;
  doc_date?: string;
  post_date?: string;
  metadata?: Record<string, unknown>;
}

export interface CallAnswer {
  status: 'success' | 'warning' | 'error';
  message: string;
  files: ResultFile[];
  results: ResultRow[];
}

export interface FunctionContext {
  /** Aborted when the caller hangs up or the server closes. */
  readonly signal: AbortSignal;
  /** The server's clock (tests may fix it). */
  readonly now: () => Date;
}

/** A function the server offers under `{class}/{function}`. */
export interface ReferenceFunction {
  readonly description: string;
  run(request: CallRequest, context: FunctionContext): Promise<CallAnswer>;
}

/** Thrown by a function to answer an HTTP error status with `{message}` (e.g. 500). */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checks the few things the reference server needs before a function may run; returns a problem or null. */
export function requestProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the body must be a JSON object';
  const request = body as Partial<Record<keyof CallRequest, unknown>>;
  for (const key of ['sid', 'company_code', 'legacy_id', 'legacy_type', 'job_instance_no'] as const) {
    if (typeof request[key] !== 'string') return `${key} must be a string`;
  }
  if (!Array.isArray(request.files)) return 'files must be an array';
  for (const [index, file] of (request.files as unknown[]).entries()) {
    if (typeof file !== 'object' || file === null) return `files[${index}] must be an object`;
    const { file_name, content_base64, records } = file as Partial<Record<keyof CallRequestFile, unknown>>;
    if (typeof file_name !== 'string') return `files[${index}].file_name must be a string`;
    if (typeof content_base64 !== 'string') return `files[${index}].content_base64 must be a string`;
    if (records !== undefined && !Array.isArray(records)) return `files[${index}].records must be an array`;
  }
  return null;
}
