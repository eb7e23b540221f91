/** Messages of the DMS file list and viewer (`/v1|v2/dms/file…`, `/v1/config/url-file`). */
export const DMS_FILES_MESSAGES = {
  dmsJobRequired: {
    en: 'Give company_code and legacy_id: the DMS server is found from the job, never from url and token',
    th: 'กรุณาระบุ company_code และ legacy_id: ระบบหา DMS server จากงาน ไม่ใช้ url และ token ที่ส่งมา',
  },
  dmsNotConfigured: {
    en: 'Job {legacyId} has no DMS server',
    th: 'งาน {legacyId} ไม่ได้ตั้งค่า DMS server',
  },
  dmsRunNotFound: {
    en: 'Job {legacyId} has no run {jobInstanceNo}',
    th: 'งาน {legacyId} ไม่มีการทำงาน {jobInstanceNo}',
  },
  dmsBucketNotOfRun: {
    en: 'Run {jobInstanceNo} delivered nothing to bucket {bucket}',
    th: 'การทำงาน {jobInstanceNo} ไม่ได้ส่งไฟล์ไปที่ bucket {bucket}',
  },
  dmsFileNotFound: { en: 'No such DMS file: {id}', th: 'ไม่พบไฟล์ใน DMS: {id}' },
  dmsRemoteFailed: {
    en: 'The DMS server {server} could not be used: {reason}',
    th: 'ไม่สามารถใช้งาน DMS server {server} ได้: {reason}',
  },
} as const;
