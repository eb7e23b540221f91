import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import { layoutMessages } from './layout-messages';

/** The server's version (`GET v1/version`). */
export function ServerVersion() {
  const t = useT(layoutMessages);
  const version = useQuery({
    queryKey: ['server-version'],
    queryFn: () => call('GET /v1/version'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const text = version.data ? t('serverVersion', { version: version.data.version }) : null;
  return (
    <Typography.Text
      type="secondary"
      style={{ fontSize: 13, whiteSpace: 'nowrap' }}
      title={version.data?.name}
    >
      {text ?? (version.isError ? t('serverVersionUnknown') : '')}
    </Typography.Text>
  );
}
