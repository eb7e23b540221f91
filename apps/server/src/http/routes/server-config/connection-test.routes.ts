import {
  FappTestQuery,
  FappTestRequest,
  FappTestResponse,
  SftpTestRequest,
  SftpTestResponse,
} from '@lis/contracts';
import type { ConnectionTestService } from '../../../modules/server-config/connection-test.service.js';
import { answerInLanguage } from '../../reader-message.js';
import { adminOf, checkSchema, tags } from './config-route-input.js';
import type { TypedApp } from '../../typed-app.js';

/** Spec 001 §7: the function-server and sFTP connection tests (not audited: nothing changes). */
export function connectionTestRoutes(app: TypedApp, service: ConnectionTestService): void {
  app.get(
    '/v1/test/fapp/connection',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: FappTestQuery, response: { 200: FappTestResponse } },
    },
    async (request) => answerInLanguage(request.language, await service.testFunctionServer(request.query)),
  );

  app.post(
    '/v1/test/fapp/connection',
    {
      config: { ...adminOf('body', 'company_code'), audit: false },
      attachValidation: true,
      schema: { tags, body: FappTestRequest, response: { 200: FappTestResponse } },
    },
    async (request) => {
      checkSchema(request);
      return answerInLanguage(request.language, await service.testFunctionServer(request.body));
    },
  );

  app.post(
    '/v1/test/sftp/connection',
    {
      config: { ...adminOf('body', 'company_code'), audit: false },
      attachValidation: true,
      schema: { tags, body: SftpTestRequest, response: { 200: SftpTestResponse } },
    },
    async (request) => {
      checkSchema(request);
      return answerInLanguage(request.language, await service.testSftp(request.body));
    },
  );
}
