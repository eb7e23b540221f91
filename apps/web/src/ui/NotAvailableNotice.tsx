import { Result } from 'antd';
import { ClockCircleOutlined, ToolOutlined } from '@ant-design/icons';
import { useT } from '../platform/i18n/I18nProvider';
import { noticeMessages } from './notice-messages';

/** "This screen is not available yet", naming the screen. */
export function NotAvailableNotice({ screenName }: { screenName: string }) {
  const t = useT(noticeMessages);
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: '#8c8c8c' }} />}
      title={t('notAvailableTitle')}
      subTitle={t('notAvailableText', { screen: screenName })}
    />
  );
}

/** Spec 001 §2: User Registration only tells that it is not yet implemented. */
export function NotImplementedNotice() {
  const t = useT(noticeMessages);
  return (
    <Result
      icon={<ToolOutlined style={{ color: '#8c8c8c' }} />}
      title={t('notImplementedTitle')}
      subTitle={t('notImplementedText')}
    />
  );
}
