/** Messages of the one backup-access rule (decision 0025, docs/security.md "Backup access"). */
export const BACKUP_ACCESS_MESSAGES = {
  backupAdminsOnly: {
    en: 'Only an admin or super_admin of the company may download its backups',
    th: 'เฉพาะ admin หรือ super_admin ของบริษัทเท่านั้นที่ดาวน์โหลดไฟล์สำรองได้',
  },
} as const;
