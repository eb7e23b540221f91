import { BankOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { CompanyDrawer } from './CompanyDrawer';
import { companyMessages } from './companies.i18n';

/** "Companies" for a super_admin (the only role the server lets write companies); opens the drawer. */
export function CompaniesButton({ onSaved }: { onSaved?: () => void }) {
  const t = useT(companyMessages);
  const { role } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (role !== 'super_admin') return null;
  return (
    <>
      <Button icon={<BankOutlined />} onClick={() => setOpen(true)}>
        {t('open')}
      </Button>
      <CompanyDrawer open={open} onClose={() => setOpen(false)} onSaved={onSaved} />
    </>
  );
}
