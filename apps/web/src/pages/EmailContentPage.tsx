import { EmailContent } from '../features/email-content';

/** Route /emailcontent (admin: the router guards it and the server checks the company). */
export function EmailContentPage() {
  return <EmailContent />;
}
