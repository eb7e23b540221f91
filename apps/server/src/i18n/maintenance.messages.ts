/** Messages of the maintenance windows (issue 34): their API and its refusals. */
export const MAINTENANCE_MESSAGES = {
  maintenanceInvalid: {
    en: 'The maintenance window is not valid: {problem}',
    th: 'ช่วงปิดปรับปรุงไม่ถูกต้อง: {problem}',
  },
  maintenanceNotFound: {
    en: 'Maintenance window {name} was not found in company {company}',
    th: 'ไม่พบช่วงปิดปรับปรุง {name} ในบริษัท {company}',
  },
  maintenanceExists: {
    en: 'Not successful: maintenance window {name} already exists in company {company}',
    th: 'ไม่สำเร็จ: ช่วงปิดปรับปรุง {name} มีอยู่แล้วในบริษัท {company}',
  },
  maintenanceTooMany: {
    en: 'Company {company} has {max} maintenance windows already: delete one first',
    th: 'บริษัท {company} มีช่วงปิดปรับปรุงครบ {max} รายการแล้ว กรุณาลบรายการเดิมก่อน',
  },
  maintenanceSharedForbidden: {
    en: 'Only a super_admin may change the maintenance windows of every company',
    th: 'เฉพาะ super_admin เท่านั้นที่แก้ไขช่วงปิดปรับปรุงของทุกบริษัทได้',
  },
  maintenanceDeleted: { en: 'Maintenance window {name} deleted', th: 'ลบช่วงปิดปรับปรุง {name} แล้ว' },
} as const;
