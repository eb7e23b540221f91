import { OpenApi30Components } from '../json-http/openapi-30.js';
import { DmsErrorMessage, DmsFile, DmsFileList, DmsPutRequest, DmsStoredFile } from './dms.schemas.js';

/** docs/dms-server.openapi.json, generated from the schemas the client validates with. */
export function dmsOpenApiDocument(): Record<string, unknown> {
  const components = new OpenApi30Components();
  const json = (schema: Parameters<OpenApi30Components['ref']>[0], description: string) => ({
    description,
    content: { 'application/json': { schema: components.ref(schema) } },
  });
  const error = (description: string) => json(DmsErrorMessage, description);
  const unauthorized = error('Wrong or missing Bearer token (LIS: "DMS token is wrong")');
  const name = (parameter: string, description: string) => ({
    name: parameter,
    in: 'path',
    required: true,
    schema: { type: 'string', maxLength: 255 },
    description,
  });
  const runParameters = [
    name('bucket', 'dms_bucket (or the function answer’s dms.bucket for DMS_DYN_WAIT)'),
    name('job_instance_no', 'The run (job instance) that delivers the files'),
  ];
  return {
    openapi: '3.0.3',
    info: {
      title: 'LIS DMS server',
      version: '1.0.0',
      description:
        'The contract between LIS and a document-management server: JSON over HTTP with a Bearer token ' +
        "(dms_token) under the DMS server's dms_url. See docs/dms-server.md.",
    },
    servers: [{ url: '{dms_url}', variables: { dms_url: { default: 'http://127.0.0.1:8082/dms' } } }],
    security: [{ bearer: [] }],
    paths: {
      '/buckets/{bucket}/jobs/{job_instance_no}/files': {
        parameters: runParameters,
        get: {
          operationId: 'listFiles',
          summary: "A bucket's files delivered by one run",
          responses: {
            '200': json(DmsFileList, 'The files, oldest first (empty when none)'),
            '400': error('A name is not valid'),
            '401': unauthorized,
          },
        },
      },
      '/buckets/{bucket}/jobs/{job_instance_no}/files/{file_name}': {
        parameters: [...runParameters, name('file_name', 'A file name: no separators, not . or ..')],
        put: {
          operationId: 'putFile',
          summary:
            'Store a file with its box, group and role (replaces the run’s file of the same name, same id)',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: components.ref(DmsPutRequest) } },
          },
          responses: {
            '200': json(DmsFile, 'Replaced'),
            '201': json(DmsFile, 'Stored'),
            '400': error('A name or the body is not valid'),
            '401': unauthorized,
            '413': error('The file is too large'),
          },
        },
      },
      '/files/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getFile',
          summary: 'One file with its placement and bytes',
          responses: {
            '200': json(DmsStoredFile, 'The file'),
            '401': unauthorized,
            '404': error('No such file'),
          },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: components.schemas,
    },
  };
}
