import { OpenApi30Components } from '../json-http/openapi-30.js';
import {
  ErrorMessage,
  FunctionCallRequest,
  FunctionCallResponse,
  FunctionDescription,
  FunctionServerInfo,
} from './function-server.schemas.js';

/** docs/function-server.openapi.json, generated from the schemas the client validates with. */
export function functionServerOpenApiDocument(): Record<string, unknown> {
  const components = new OpenApi30Components();
  const json = (schema: Parameters<OpenApi30Components['ref']>[0], description: string) => ({
    description,
    content: { 'application/json': { schema: components.ref(schema) } },
  });
  const error = (description: string) => json(ErrorMessage, description);
  const unauthorized = error('Wrong or missing Basic credentials (LIS: "API username or password is wrong")');
  const functionParameters = [
    {
      name: 'class_name',
      in: 'path',
      required: true,
      schema: { type: 'string' },
      description: 'api_classname',
    },
    {
      name: 'function_name',
      in: 'path',
      required: true,
      schema: { type: 'string' },
      description: 'api_function_name',
    },
  ];
  const paths = {
    '/info': {
      get: {
        operationId: 'info',
        summary: 'Test Connection: the state of the function server',
        responses: { '200': json(FunctionServerInfo, 'The server is reachable'), '401': unauthorized },
      },
    },
    '/functions/{class_name}/{function_name}': {
      parameters: functionParameters,
      get: {
        operationId: 'hasFunction',
        summary: 'Has Function: whether the function exists',
        responses: {
          '200': json(FunctionDescription, 'The function exists'),
          '401': unauthorized,
          '404': error('No such function'),
        },
      },
      post: {
        operationId: 'callFunction',
        summary: "Step 2 of a run: call the function with the run's identity and files",
        description:
          'Idempotent by key: a repeat of a call (a re-run of step 2 after a timeout, a takeover by ' +
          'another LIS node) carries the same Idempotency-Key. A server remembers the answer of a key for ' +
          'its retention and answers a repeat with it, without executing the function again; a repeat ' +
          'while the first call still executes is answered 409. See docs/function-server.md.',
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: true,
            schema: { type: 'string', minLength: 1, maxLength: 255 },
            description:
              'Stable for (run, step, function, input files); the same value as the body field ' +
              'idempotency_key. LIS sends 64 lowercase hex characters.',
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: components.ref(FunctionCallRequest) } },
        },
        responses: {
          '200': {
            ...json(
              FunctionCallResponse,
              'The function ran; its own outcome is `status` (step 2), `files` (step 3) and `results` (step 4). ' +
                'A repeat of a remembered key answers the first answer again.',
            ),
            headers: {
              'Idempotent-Replayed': {
                description: '`true` when this is the remembered answer of an earlier call with the same key',
                schema: { type: 'string', enum: ['true'] },
              },
            },
          },
          '400': error('The request is not a valid call'),
          '401': unauthorized,
          '404': error('No such function'),
          '409': error(
            'The first call with this Idempotency-Key is still executing (LIS repeats the call until its time limit)',
          ),
          '413': error('The request is too large'),
          '500': error('The function failed (step 2 ERROR with this message)'),
        },
      },
    },
  };
  return {
    openapi: '3.0.3',
    info: {
      title: 'LIS function server ("API server")',
      version: '1.0.0',
      description:
        'The contract between LIS and a function server: JSON over HTTP with Basic auth, under the API ' +
        "server's api_url_callfunction. See docs/function-server.md.",
    },
    servers: [
      {
        url: '{api_url_callfunction}',
        variables: { api_url_callfunction: { default: 'http://127.0.0.1:8081/api' } },
      },
    ],
    security: [{ basic: [] }],
    paths,
    components: {
      securitySchemes: { basic: { type: 'http', scheme: 'basic' } },
      schemas: components.schemas,
    },
  };
}
