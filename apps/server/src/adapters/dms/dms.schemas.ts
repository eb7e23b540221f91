import { Type, type Static } from '@sinclair/typebox';

/**
 * The DMS contract (DESIGN §5, docs/dms-server.md): JSON over HTTP with `Authorization: Bearer {dms_token}`
 * under `dms_url`. The client validates answers with these schemas; docs/dms-server.openapi.json is generated
 * from them.
 */

const Name = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '^(?!\\.\\.?$)[^/\\\\\\u0000-\\u001f]+$',
    description,
  });

/** A DMS file as listed (spec 000 §3): file_size is kilobytes as text (the console shows it × 1024 as bytes). */
export const DmsFile = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 200, description: 'Id of the file in the DMS' }),
    file_name: Name('Name of the file'),
    created_on: Type.String({ description: 'When the file was stored (or last replaced), ISO 8601' }),
    file_size: Type.String({
      pattern: '^[0-9]+(\\.[0-9]+)?$',
      description: 'Size in kilobytes as text, exact (bytes / 1024), e.g. "1.5" for 1,536 bytes',
    }),
  },
  { $id: 'DmsFile', additionalProperties: true },
);
export type DmsFile = Static<typeof DmsFile>;

/** `GET {dms_url}/buckets/{bucket}/jobs/{job_instance_no}/files` */
export const DmsFileList = Type.Object(
  {
    result_list: Type.Array(DmsFile),
    total_count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'DmsFileList' },
);
export type DmsFileList = Static<typeof DmsFileList>;

/** Where a file is filed in the DMS, besides its bucket. */
const Placement = {
  box_id: Type.String({ maxLength: 200, description: 'DMS box id (job config dms_boxid)' }),
  group_id: Type.String({ maxLength: 200, description: 'DMS group id (job config dms_groupid)' }),
  role: Type.String({ maxLength: 200, description: 'Role access of the file (job config dms_roleaccess)' }),
};

/** `PUT {dms_url}/buckets/{bucket}/jobs/{job_instance_no}/files/{file_name}`: stores or replaces the file. */
export const DmsPutRequest = Type.Object(
  {
    ...Placement,
    content_base64: Type.String({ description: 'The bytes of the file, base64' }),
  },
  { $id: 'DmsPutRequest' },
);
export type DmsPutRequest = Static<typeof DmsPutRequest>;

/** `GET {dms_url}/files/{id}`: one file with its placement and its bytes. */
export const DmsStoredFile = Type.Object(
  {
    id: DmsFile.properties.id,
    file_name: DmsFile.properties.file_name,
    created_on: DmsFile.properties.created_on,
    file_size: DmsFile.properties.file_size,
    bucket: Type.String({ description: 'DMS bucket' }),
    job_instance_no: Type.String({ description: 'The run that delivered the file' }),
    ...Placement,
    content_base64: Type.String({ description: 'The bytes of the file, base64' }),
  },
  { $id: 'DmsStoredFile', additionalProperties: true },
);
export type DmsStoredFile = Static<typeof DmsStoredFile>;

export const DmsErrorMessage = Type.Object({ message: Type.String() }, { $id: 'DmsErrorMessage' });
