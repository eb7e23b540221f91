import { USER_IMPORT_MAX_BYTES } from '@lis/contracts';

/** The upload size limit in whole megabytes, for messages. */
export const USER_IMPORT_MAX_MB = Math.floor(USER_IMPORT_MAX_BYTES / (1024 * 1024));

/**
 * Spec 001 §5: only files whose MIME type contains '.sheet' (an .xlsx workbook:
 * application/vnd.openxmlformats-officedocument.spreadsheetml.sheet) are accepted; the server also
 * refuses anything past USER_IMPORT_MAX_BYTES, so that is checked before sending.
 */
export function checkUploadFile(file: { type: string; size: number }): 'notExcel' | 'tooLarge' | undefined {
  if (!file.type.includes('.sheet')) return 'notExcel';
  return file.size > USER_IMPORT_MAX_BYTES ? 'tooLarge' : undefined;
}

export const TEMPLATE_FALLBACK_NAME = 'user-import-template.xlsx';
