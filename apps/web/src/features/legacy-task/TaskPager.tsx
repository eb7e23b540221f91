import { VerticalLeftOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@lis/contracts';
import { Button, Flex, Pagination, Typography } from 'antd';
import { useLanguage, useT } from '../../platform/i18n/I18nProvider';
import { plural } from '../../platform/i18n/language';
import { legacyTaskMessages, TOTAL_KEYS } from './legacy-task.i18n';

/** Spec 000 §9: the page count is total ÷ page size rounded up (at least one page). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

/** Spec 000 §2: the pager with first and last buttons and the page size (10, 25, 50, 100). */
export function TaskPager({ page, pageSize, total, onChange }: Props) {
  const t = useT(legacyTaskMessages);
  const { language } = useLanguage();
  const last = pageCount(total, pageSize);
  return (
    <Flex gap={8} align="center" justify="flex-end" wrap style={{ marginTop: 12 }}>
      <Typography.Text type="secondary">{t(plural(language, total, TOTAL_KEYS), { total })}</Typography.Text>
      <Button
        size="small"
        icon={<VerticalRightOutlined />}
        aria-label={t('firstPage')}
        title={t('firstPage')}
        disabled={page <= 1}
        onClick={() => onChange(1, pageSize)}
      />
      <Pagination
        size="small"
        current={page}
        pageSize={pageSize}
        total={total}
        showSizeChanger
        pageSizeOptions={[...PAGE_SIZES]}
        onChange={onChange}
      />
      <Button
        size="small"
        icon={<VerticalLeftOutlined />}
        aria-label={t('lastPage')}
        title={t('lastPage')}
        disabled={page >= last}
        onClick={() => onChange(last, pageSize)}
      />
    </Flex>
  );
}
