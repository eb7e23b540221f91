import { MailOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { mailOutboxMessages } from './mail-outbox.i18n';
import { MailOutboxModal } from './MailOutboxModal';

/** Opens the mail outbox of `company` (admins; the server checks the company). */
export function MailOutboxButton({ company }: { company: string }) {
  const t = useT(mailOutboxMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<MailOutlined />} disabled={!company} onClick={() => setOpen(true)}>
        {t('open')}
      </Button>
      <MailOutboxModal company={company} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
