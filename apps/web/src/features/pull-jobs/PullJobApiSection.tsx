import { Card } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { useJobServerOptions } from '../job-config';
import { ApiServerSection } from '../job-config';
import { pullJobMessages } from './pull-jobs.i18n';

/** The API Server section of the Job Config form: the company's server, class, function, locked paths. */
export function PullJobApiSection({ companyCode }: { companyCode: string }) {
  const t = useT(pullJobMessages);
  const servers = useJobServerOptions(companyCode);
  return (
    <Card size="small" title={t('sectionApiServer')} data-testid="pull-job-section-api">
      <ApiServerSection companyCode={companyCode} servers={servers} />
    </Card>
  );
}
