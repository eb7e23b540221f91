import { Alert } from 'antd';
import { useSearchParams } from 'react-router';
import { useT } from '../platform/i18n/I18nProvider';
import { detailParams } from '../features/legacy-detail';
import { LegacyDetail } from '../features/legacy-detail';
import { legacyDetailMessages } from '../features/legacy-detail';

/**
 * Route /legacydetail?company_code&legacy_id&job_no&legacytype (spec 000 §2), opened in a new tab from
 * the lists; every signed-in user, the server limits it to the user's companies.
 */
export function LegacyDetailPage() {
  const t = useT(legacyDetailMessages);
  const [search] = useSearchParams();
  const params = detailParams(search);
  if (!params) return <Alert type="warning" showIcon title={t('missingParams')} style={{ margin: 24 }} />;
  return <LegacyDetail key={search.toString()} params={params} />;
}
