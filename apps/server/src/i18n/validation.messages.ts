/**
 * What a request's schema refused (Fastify/Ajv 400s), for readers of another language than English.
 * English readers keep Ajv's own text (`body/name must NOT have fewer than 1 characters`).
 */
export const VALIDATION_MESSAGES = {
  schemaRequired: { en: '{where} must have required property {field}', th: 'กรุณาระบุ {field} ({where})' },
  schemaMinLength: {
    en: '{field} must NOT have fewer than {limit} characters',
    th: '{field} ต้องมีอย่างน้อย {limit} ตัวอักษร',
  },
  schemaMaxLength: {
    en: '{field} must NOT have more than {limit} characters',
    th: '{field} ต้องมีไม่เกิน {limit} ตัวอักษร',
  },
  schemaMinimum: { en: '{field} must be >= {limit}', th: '{field} ต้องไม่น้อยกว่า {limit}' },
  schemaMaximum: { en: '{field} must be <= {limit}', th: '{field} ต้องไม่มากกว่า {limit}' },
  schemaExclusiveMinimum: { en: '{field} must be > {limit}', th: '{field} ต้องมากกว่า {limit}' },
  schemaExclusiveMaximum: { en: '{field} must be < {limit}', th: '{field} ต้องน้อยกว่า {limit}' },
  schemaMinItems: {
    en: '{field} must NOT have fewer than {limit} items',
    th: '{field} ต้องมีอย่างน้อย {limit} รายการ',
  },
  schemaMaxItems: {
    en: '{field} must NOT have more than {limit} items',
    th: '{field} ต้องมีไม่เกิน {limit} รายการ',
  },
  schemaType: { en: '{field} must be {type}', th: '{field} ต้องเป็น{type}' },
  schemaEnum: {
    en: '{field} must be equal to one of the allowed values: {values}',
    th: '{field} ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: {values}',
  },
  schemaConst: { en: '{field} must be equal to constant {value}', th: '{field} ต้องเป็น {value}' },
  schemaPattern: { en: '{field} must match the pattern', th: '{field} ไม่อยู่ในรูปแบบที่กำหนด' },
  schemaFormat: { en: '{field} must match format {format}', th: '{field} ต้องอยู่ในรูปแบบ {format}' },
  schemaAdditional: {
    en: '{field} must NOT have additional property {property}',
    th: '{field} มีข้อมูล {property} ที่ระบบไม่รู้จัก',
  },
  schemaInvalid: { en: '{field} is not valid', th: '{field} ไม่ถูกต้อง' },
  typeString: { en: 'string', th: 'ข้อความ' },
  typeInteger: { en: 'integer', th: 'จำนวนเต็ม' },
  typeNumber: { en: 'number', th: 'ตัวเลข' },
  typeBoolean: { en: 'boolean', th: 'ค่าจริงหรือเท็จ' },
  typeArray: { en: 'array', th: 'รายการ' },
  typeObject: { en: 'object', th: 'ชุดข้อมูล (object)' },
  typeNull: { en: 'null', th: 'ค่าว่าง (null)' },
  requestBodyNotJson: { en: 'The body is not valid JSON', th: 'ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง' },
  requestBodyEmpty: {
    en: "The body cannot be empty when content-type is set to 'application/json'",
    th: 'ข้อมูลที่ส่งมาต้องไม่ว่างเมื่อระบุ content-type เป็น application/json',
  },
  requestMediaType: { en: 'Unsupported media type', th: 'ไม่รองรับชนิดข้อมูล (content-type) ที่ส่งมา' },
  requestInvalid: { en: 'The request is not valid (HTTP {status})', th: 'คำขอไม่ถูกต้อง (HTTP {status})' },
} as const;
