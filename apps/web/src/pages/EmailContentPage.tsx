import { EmailContent } from '../features/email-content/EmailContent';

/** Route /emailcontent (admin: the router guards it and the server checks the company). */
export function EmailContentPage() {
  return <EmailContent />;
}
