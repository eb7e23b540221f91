import { Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useT } from '../platform/i18n/I18nProvider';
import { HOME_PATH } from '../platform/screens/screens';
import { noticeMessages } from './notice-messages';

/**
 * An address the console has no page for, inside the layout (issue 17; the spec renders nothing,
 * decision 0028): says so, names the path, and links to the monitoring report.
 */
export function NotFoundNotice() {
  const t = useT(noticeMessages);
  const { pathname } = useLocation();
  return (
    <Result
      status="404"
      title={t('notFoundTitle')}
      subTitle={t('notFoundText', { path: pathname })}
      extra={<Link to={HOME_PATH}>{t('backHome')}</Link>}
    />
  );
}
