import type { Db } from '../../../db/database.js';

/** The company's own text of a mail template (undefined: the default text is used). */
export function storedMailTemplate(db: Db, companyCode: string, template: string) {
  return db.kysely
    .selectFrom('email_contents')
    .select(['content_subject', 'content_body'])
    .where('company_code', '=', companyCode)
    .where('condition', '=', template)
    .executeTakeFirst();
}
