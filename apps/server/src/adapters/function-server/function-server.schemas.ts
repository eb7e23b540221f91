import { Type, type Static } from '@sinclair/typebox';

/**
 * The function-server contract (DESIGN §5, docs/function-server.md). These schemas are the one source of
 * truth: the client validates answers with them and docs/function-server.openapi.json is generated from them.
 */

const Text = (description: string, maxLength = 1000) => Type.String({ maxLength, description });

/** `GET {api_url_callfunction}/info`: the Test Connection fields of spec 001 §3. */
export const FunctionServerInfo = Type.Object(
  {
    percentTotalCPUUsage: Type.Number({ minimum: 0, description: 'CPU usage of the whole machine, percent' }),
    percentProcessCPUUsage: Type.Number({
      minimum: 0,
      description: "CPU usage of the server's process, percent",
    }),
    megaByteTotalMemory: Type.Number({ minimum: 0, description: 'Memory of the machine, MB' }),
    megaByteFreeMemory: Type.Number({ minimum: 0, description: 'Free memory of the machine, MB' }),
    megaByteProcessMemoryUsage: Type.Number({
      minimum: 0,
      description: "Resident memory of the server's process, MB",
    }),
    serverVersion: Text('Version of the function server'),
    serverOS: Text('Operating system of the function server'),
    serverTime: Text('Current time on the function server, ISO 8601'),
    serverSession: Text('Identifier of the running server process; changes on restart'),
    functionUsage: Type.Integer({
      minimum: 0,
      description: 'Function calls served since the server started',
    }),
    clientUUID: Text('Stable identifier of this server instance'),
  },
  { $id: 'FunctionServerInfo', additionalProperties: true },
);
export type FunctionServerInfo = Static<typeof FunctionServerInfo>;

/** `GET {api_url_callfunction}/functions/{class}/{function}` answers 200 with this when the function exists. */
export const FunctionDescription = Type.Object(
  {
    class_name: Text('Class of the function', 200),
    function_name: Text('Name of the function', 200),
    description: Type.Optional(Text('What the function does')),
  },
  { $id: 'FunctionDescription', additionalProperties: true },
);
export type FunctionDescription = Static<typeof FunctionDescription>;

/** One converted record: columns col_0001, col_0002, … as text (step 5). */
export const ConvertedRecord = Type.Record(Type.String({ pattern: '^col_[0-9]{4,}$' }), Type.String(), {
  $id: 'ConvertedRecord',
  description: 'One converted record: columns col_0001, col_0002, … (step 5 of the run)',
});
export type ConvertedRecord = Static<typeof ConvertedRecord>;

/** One input file of a call: its bytes, and its records when step 5 converted it. */
export const FunctionInputFile = Type.Object(
  {
    file_name: Text('Name of the source file', 255),
    content_base64: Type.String({ description: 'The bytes of the file, base64' }),
    size: Type.Optional(Type.Integer({ minimum: 0, description: 'Size in bytes' })),
    sha256: Type.Optional(
      Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the bytes, hex' }),
    ),
    records: Type.Optional(
      Type.Array(ConvertedRecord, { description: 'The records of step 5 (conversion)' }),
    ),
  },
  { $id: 'FunctionInputFile' },
);
export type FunctionInputFile = Static<typeof FunctionInputFile>;

/** `POST {api_url_callfunction}/functions/{class}/{function}`: the run's identity and its files. */
export const FunctionCallRequest = Type.Object(
  {
    sid: Text('System id (spec: 555)', 16),
    company_code: Text('Company of the job', 100),
    legacy_id: Text('Legacy id of the job', 160),
    legacy_type: Text('IN_WAIT, OUT_WAIT, DMS_WAIT, DMS_DYN_WAIT, DMS_ETAX_WAIT, EDI_CON or PULL_WAIT', 40),
    job_instance_no: Text('The run (job instance) number', 160),
    class_name: Text('Class of the function called', 200),
    function_name: Text('Name of the function called', 200),
    files: Type.Array(FunctionInputFile, { description: 'Input files; empty for OUT_WAIT and PULL_WAIT' }),
    idempotency_key: Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description:
        'The same value as the Idempotency-Key header: stable for (run, step, function, input files), so ' +
        'a repeat of this call (a re-run of step 2, a takeover by another node) carries the same key. ' +
        'LIS sends 64 lowercase hex characters; treat it as opaque.',
    }),
  },
  { $id: 'FunctionCallRequest' },
);
export type FunctionCallRequest = Static<typeof FunctionCallRequest>;

/** DMS destination of one result file (DMS_DYN_WAIT: chosen per file by the function). */
export const DmsTarget = Type.Object(
  {
    bucket: Text('DMS bucket', 200),
    box_id: Text('DMS box id', 200),
    group_id: Text('DMS group id', 200),
    role: Type.Optional(Text('DMS role access', 200)),
  },
  { $id: 'DmsTarget' },
);
export type DmsTarget = Static<typeof DmsTarget>;

export const FunctionResultFile = Type.Object(
  {
    file_name: Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^(?!\\.\\.?$)[^/\\\\\\u0000]+$',
      description: 'Name of the result file: a name, not a path',
    }),
    content_base64: Type.String({ description: 'The bytes of the file, base64' }),
    kind: Type.Union([Type.Literal('success'), Type.Literal('error')], {
      description: 'success files go to the success folder, error files to the error folder',
    }),
    dms: Type.Optional(DmsTarget),
  },
  { $id: 'FunctionResultFile' },
);
export type FunctionResultFile = Static<typeof FunctionResultFile>;

/**
 * One business document's outcome: becomes an application-log row (spec 000 §3). LIS adds legacyid,
 * companycode and created_on. Dates are text, yyyymmdd recommended.
 */
export const FunctionResultRow = Type.Object(
  {
    status: Type.Union([Type.Literal('S'), Type.Literal('E')], { description: 'S success, E error' }),
    message: Text('What happened to the document', 4000),
    file_name: Type.Optional(
      Text('The input file the document came from (its source becomes a step-4 error file)', 255),
    ),
    transaction_id: Type.Optional(Text('Transaction id', 255)),
    transaction_date: Type.Optional(Text('Transaction date, yyyymmdd', 40)),
    source_id1: Type.Optional(Text('Source id 1', 255)),
    source_id2: Type.Optional(Text('Source id 2', 255)),
    source_id3: Type.Optional(Text('Source id 3', 255)),
    doc_type: Type.Optional(Text('Document type', 100)),
    doc_year: Type.Optional(Text('Document year', 10)),
    item_no: Type.Optional(Text('Item number', 100)),
    doc_date: Type.Optional(Text('Document date, yyyymmdd', 40)),
    post_date: Type.Optional(Text('Posting date, yyyymmdd', 40)),
    metadata: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'Any JSON object' })),
  },
  { $id: 'FunctionResultRow' },
);
export type FunctionResultRow = Static<typeof FunctionResultRow>;

/** The answer of a call. HTTP 200 also for status 'error' (the function ran and reports failure). */
export const FunctionCallResponse = Type.Object(
  {
    status: Type.Union([Type.Literal('success'), Type.Literal('warning'), Type.Literal('error')], {
      description: 'Outcome of the call as a whole (step 2)',
    }),
    message: Text('Message of the call', 4000),
    files: Type.Array(FunctionResultFile, { description: 'Result files (step 3)' }),
    results: Type.Array(FunctionResultRow, { description: 'Per-document outcomes (step 4)' }),
  },
  { $id: 'FunctionCallResponse' },
);
export type FunctionCallResponse = Static<typeof FunctionCallResponse>;

/** The body of every error answer. */
export const ErrorMessage = Type.Object({ message: Type.String() }, { $id: 'ErrorMessage' });
export type ErrorMessage = Static<typeof ErrorMessage>;
