import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Result } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { isChunkLoadError } from './lazy-with-reload';
import { pageErrorMessages } from './page-error-messages';

/** The full-page error: a page that could not be loaded (a chunk), or any other crash while rendering. */
export function PageErrorScreen({ error, onReload }: { error: unknown; onReload: () => void }) {
  const t = useT(pageErrorMessages);
  const loading = isChunkLoadError(error);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      <Result
        status={loading ? 'warning' : 'error'}
        title={loading ? t('loadTitle') : t('crashTitle')}
        subTitle={loading ? t('loadText') : t('crashText')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={onReload}>
            {t('reload')}
          </Button>
        }
      />
    </Flex>
  );
}

interface Props {
  children: ReactNode;
  /** Reloads the page (replaceable in tests). */
  onReload?: () => void;
}

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Catches what a page throws while loading or rendering — above all a page whose code is gone after a
 * new build (see lazy-with-reload) — and shows a translated full-page error with a Reload button
 * instead of leaving the page blank.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const reload = this.props.onReload ?? (() => window.location.reload());
    return <PageErrorScreen error={this.state.error} onReload={reload} />;
  }
}
