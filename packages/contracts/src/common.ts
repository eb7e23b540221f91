import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Some successes answer `{ message }`; every error answers `{message, code}` (ErrorResponse). */
export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** The spec's paged list reply: `result_list` and `total_count`. */
export const PagedList = <T extends TSchema>(item: T) =>
  Type.Object({ result_list: Type.Array(item), total_count: Type.Integer({ minimum: 0 }) });

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** The fixed system id of the spec ("sid fixed 555"). */
export const DEFAULT_SID = '555';

export const Sid = Type.String({ pattern: '^[0-9A-Za-z]{1,16}$', default: DEFAULT_SID });

/** Query-string integers arrive as text; Fastify coerces them against these schemas. */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
};

export const ISO_DATE_TIME = Type.String({ format: 'date-time' });
