import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, PagedList, Sid } from './common.js';
import { CompanyCode } from './companies.js';

/*
 * Spec 001 §3/§7 "Chain job" and DESIGN §7: `/v1/chianjob/…` (the spec's spelling) and
 * `/v1/chainjob/…` are the same routes. Bodies use the spec's PascalCase names, lists its
 * camelCase ones. `IsActive` is the text 'true' or 'false'; `LegacyList` holds entries
 * `legacyId,legacyName` joined by `|` (run in this order); `CronTrigger` expressions joined by `|`.
 * `ImportantJob` / `importantJob` (ours: the spec's dialog shows the box unwired, its API has no
 * field) is the text 'true' or 'false' like `IsActive`.
 */

export const CHAIN_ID_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';
export const ChainId = Type.String({ pattern: CHAIN_ID_PATTERN });
export const ChainName = Type.String({ minLength: 1, maxLength: 200 });
export const TrueFalse = Type.Union([Type.Literal('true'), Type.Literal('false')]);
export type TrueFalse = Static<typeof TrueFalse>;

export const ChainJob = Type.Object({
  companyCode: Type.String(),
  chainId: Type.String(),
  chainName: Type.String(),
  legacyList: Type.String(),
  isActive: TrueFalse,
  cronTrigger: Type.String(),
  importantJob: TrueFalse,
  /**
   * Issue 34: the calendar name of each trigger, `|`-joined like `cronTrigger` ('' at a position: none);
   * absent when no trigger has a calendar.
   */
  triggerCalendars: Type.Optional(Type.String()),
});
export type ChainJob = Static<typeof ChainJob>;

/** `POST /v1/chianjob/insert` (and `/v1/chainjob/insert`), `PUT …/update`. */
export const ChainJobWrite = Type.Object(
  {
    Sid: Type.Optional(Sid),
    CompanyCode: CompanyCode,
    ChainId: ChainId,
    ChainName: ChainName,
    IsActive: TrueFalse,
    LegacyList: Type.String({ minLength: 1, maxLength: 20_000 }),
    /** Expressions joined by `|`; '' or absent: no trigger. */
    CronTrigger: Type.Optional(Type.String({ maxLength: 4_000 })),
    /**
     * Issue 34: the calendar of each trigger, `|`-joined in the order of `CronTrigger` ('' at a
     * position: no calendar); each a calendar of the company or a shared one. Absent: kept as stored.
     */
    TriggerCalendars: Type.Optional(Type.String({ maxLength: 2_000 })),
    /**
     * 'true' or 'false' (any case; checked by the server with a message in the reader's language).
     * Absent (the old client): a new chain is not important, an update keeps what was stored.
     */
    ImportantJob: Type.Optional(Type.String({ maxLength: 200 })),
    /** Sent by the old client; ignored (the caller's identity is recorded). */
    CreatedBy: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ChainJobWrite = Static<typeof ChainJobWrite>;

/**
 * `GET /v1/chianjob/get`, `/v1/chainjob/get` (an array: without `page_size`, up to 1000 rows) and
 * `/v1/chainjob/list` (paged, 25 rows by default, with the total).
 */
export const ChainJobQuery = Type.Object(
  {
    /** Exact chain id. */
    chainJobId: Type.Optional(Type.String({ maxLength: 64 })),
    /** Part of the chain name (case-insensitive). */
    chainJobName: Type.Optional(Type.String({ maxLength: 200 })),
    /** Absent or '': every company where the caller is admin. */
    companyCode: Type.Optional(Type.Union([Type.Literal(''), CompanyCode])),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type ChainJobQuery = Static<typeof ChainJobQuery>;

/**
 * `GET /v1/chainjob/export` (and `/v1/chianjob/export`): the list's filters, unpaged; the answer is
 * the workbook `ChainJobConfig_{epoch ms}.xlsx` (one sheet `ChainJobConfig`, a header row only when
 * nothing matches).
 */
export const ChainJobExportQuery = Type.Object(
  {
    chainJobId: ChainJobQuery.properties.chainJobId,
    chainJobName: ChainJobQuery.properties.chainJobName,
    companyCode: ChainJobQuery.properties.companyCode,
  },
  { additionalProperties: false },
);
export type ChainJobExportQuery = Static<typeof ChainJobExportQuery>;
/** `GET /v1/chainjob/export`'s answer: a file, described for the OpenAPI document. */
export const ChainJobWorkbook = Type.Unknown({
  description:
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet: the ChainJobConfig workbook',
});

export const ChainJobArray = Type.Array(ChainJob);
export const ChainJobListResponse = PagedList(ChainJob);
export type ChainJobListResponse = Static<typeof ChainJobListResponse>;

/** `DELETE /v1/chainjob/delete` (and `/v1/chianjob/delete`). */
export const ChainJobDeleteQuery = Type.Object(
  { companyCode: CompanyCode, chainJobId: ChainId },
  { additionalProperties: false },
);
export type ChainJobDeleteQuery = Static<typeof ChainJobDeleteQuery>;
