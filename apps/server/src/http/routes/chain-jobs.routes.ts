import {
  ChainJobArray,
  ChainJobDeleteQuery,
  ChainJobExportQuery,
  ChainJobListResponse,
  ChainJobQuery,
  ChainJobWorkbook,
  ChainJobWrite,
  MessageResponse,
} from '@lis/contracts';
import { chainJobWorkbook, chainJobWorkbookName } from '../../modules/chain-jobs/chain-job-workbook.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import { adminOf, checkSchema, deletedMessage, savedMessage } from './server-config/config-route-input.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['chain-job'];
/** DESIGN §7: the spec's misspelt prefix is served, and the right one too. */
/** `…/get` has no total to page by, so it answers every row up to this many unless asked for fewer. */
const GET_DEFAULT_PAGE_SIZE = 1000;
const PREFIXES = ['/v1/chianjob', '/v1/chainjob'] as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Spec 001 §3/§7 chain jobs: list, get, export, insert, update, delete; triggers follow every change. */
export function chainJobRoutes(app: TypedApp, ctx: AppContext): void {
  const service = ctx.services.chains;

  app.get(
    '/v1/chainjob/list',
    {
      config: adminOf('query', 'companyCode'),
      schema: { tags, querystring: ChainJobQuery, response: { 200: ChainJobListResponse } },
    },
    async (request) => service.list(requireIdentity(request), request.query),
  );

  for (const prefix of PREFIXES) {
    app.get(
      `${prefix}/get`,
      {
        config: adminOf('query', 'companyCode'),
        schema: { tags, querystring: ChainJobQuery, response: { 200: ChainJobArray } },
      },
      // The spec's client uses the reply directly as the list: without a page size, the first 1000.
      async (request) => {
        const query = request.query;
        const list = await service.list(requireIdentity(request), {
          ...query,
          page_size: query.page_size ?? GET_DEFAULT_PAGE_SIZE,
        });
        return list.result_list;
      },
    );

    for (const [mode, method] of [
      ['insert', 'POST'],
      ['update', 'PUT'],
    ] as const) {
      app.route({
        method,
        url: `${prefix}/${mode}`,
        config: adminOf('body', 'CompanyCode'),
        attachValidation: true,
        schema: { tags, body: ChainJobWrite, response: { 200: MessageResponse } },
        handler: async (request) => {
          checkSchema(request);
          const body = request.body;
          request.auditTarget = `${body.CompanyCode}|${body.ChainId}`;
          request.auditDetails = await service.save(body, mode, requireIdentity(request).username);
          return savedMessage(request);
        },
      });
    }

    app.get(
      `${prefix}/export`,
      {
        config: adminOf('query', 'companyCode'),
        schema: {
          tags,
          querystring: ChainJobExportQuery,
          response: { 200: ChainJobWorkbook },
        },
      },
      async (request, reply) => {
        const rows = await service.export(requireIdentity(request), request.query);
        return reply
          .type(XLSX)
          .header('content-disposition', `attachment; filename="${chainJobWorkbookName(ctx.clock.now())}"`)
          .send(await chainJobWorkbook(rows));
      },
    );

    app.delete(
      `${prefix}/delete`,
      {
        config: adminOf('query', 'companyCode'),
        schema: { tags, querystring: ChainJobDeleteQuery, response: { 200: MessageResponse } },
      },
      async (request) => {
        const query = request.query;
        request.auditTarget = `${query.companyCode}|${query.chainJobId}`;
        request.auditDetails = await service.delete(query.companyCode, query.chainJobId);
        return deletedMessage(request);
      },
    );
  }
}
