import type { ChainJob } from '@lis/contracts';
import { Tag, Typography } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { chainJobMessages } from './chain-jobs.i18n';

/** The list's ImportantJob cell: a red "Important" tag, or a quiet "No". */
export function ImportantJobCell({ chain }: { chain: ChainJob }) {
  const t = useT(chainJobMessages);
  const testId = `chain-job-important-${chain.companyCode}-${chain.chainId}`;
  return chain.importantJob === 'true' ? (
    <Tag color="red" data-testid={testId}>
      {t('important')}
    </Tag>
  ) : (
    <Typography.Text type="secondary" data-testid={testId}>
      {t('notImportant')}
    </Typography.Text>
  );
}
