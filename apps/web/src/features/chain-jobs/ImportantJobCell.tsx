import type { ChainJob } from '@lis/contracts';
import { Tag } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { chainJobMessages } from './chain-jobs.i18n';

/** The list's ImportantJob mark (under the chain's name): a red "Important" tag, nothing otherwise. */
export function ImportantJobCell({ chain }: { chain: ChainJob }) {
  const t = useT(chainJobMessages);
  const testId = `chain-job-important-${chain.companyCode}-${chain.chainId}`;
  if (chain.importantJob !== 'true') return null;
  return (
    <Tag color="red" data-testid={testId} title={t('importantJob')} style={{ marginInlineEnd: 0 }}>
      {t('important')}
    </Tag>
  );
}
