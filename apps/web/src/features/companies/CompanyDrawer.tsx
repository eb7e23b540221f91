import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Company } from '@lis/contracts';
import { Button, Drawer, Flex, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { CompanyFormModal } from './CompanyFormModal';
import { CompanyTable } from './CompanyTable';
import { companyMessages } from './companies.i18n';
import { filterCompanies } from './company-list';
import { useCompanyActions } from './useCompanyActions';
import { useCompanyList } from './useCompanyList';

interface Props {
  open: boolean;
  onClose: () => void;
  /** After a company was added or edited (e.g. to reload another screen's company list). */
  onSaved?: () => void;
}

/** The company master: list, search, add and edit (super_admin). */
export function CompanyDrawer({ open, onClose, onSaved }: Props) {
  const t = useT(companyMessages);
  const form = useCompanyActions(onSaved);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('title')}
      size="min(720px, 96vw)"
      destroyOnHidden
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={form.openAdd}>
          {t('add')}
        </Button>
      }
    >
      <CompanyBrowser onEdit={form.openEdit} />
      <CompanyFormModal {...form.modal} mode={form.target.mode} company={form.target.record} />
    </Drawer>
  );
}

/** The drawer's content; mounted only while the drawer is open, so each opening reloads the list. */
function CompanyBrowser({ onEdit }: { onEdit: (company: Company) => void }) {
  const t = useT(companyMessages);
  const list = useCompanyList();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterCompanies(list.companies, search), [list.companies, search]);

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <Typography.Text type="secondary">
          {shown.length === 1 ? t('totalOne') : t('total', { total: shown.length })}
        </Typography.Text>
      </Flex>
      <CompanyTable list={{ ...list, rows: shown }} onEdit={onEdit} />
    </Flex>
  );
}
