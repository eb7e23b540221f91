import { DownOutlined } from '@ant-design/icons';
import type { LegacyReportRow } from '@lis/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { appUrl } from '../../app/base-path';
import { useT } from '../../app/i18n/I18nProvider';
import { detailPath } from './legacy-report-api';
import { monitoringMessages } from './monitoring.i18n';
import type { ReportActions } from './useReportActions';

interface Props {
  row: LegacyReportRow;
  /** Spec 000 §6: the menu waits for the user's role. */
  disabled: boolean;
  actions: Pick<ReportActions, 'runNow' | 'resume' | 'stop'>;
  /** Focusing or opening a row control holds the auto refresh (spec 000 §4). */
  onFocus: () => void;
}

/** Spec 000 §2: the per-row dropdown, labelled with the legacy ID. */
export function ReportRowMenu({ row, disabled, actions, onFocus }: Props) {
  const t = useT(monitoringMessages);
  const stopActive = row.step2_status === 'RUNNING';
  const items: MenuProps['items'] = [
    { key: 'detail', label: t('detail') },
    { key: 'run', label: t('runImmediately'), disabled: row.hassuspend !== 'N' },
    { key: 'continue', label: t('continue'), disabled: row.hassuspend !== 'Y' },
    // Always clickable; styled active only while step 2 (call function) runs.
    {
      key: 'stop',
      label: t('stop'),
      danger: stopActive,
      className: stopActive ? 'legacy-report-stop-active' : 'legacy-report-stop-idle',
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'detail') window.open(appUrl(detailPath(row)), '_blank', 'noopener');
    else if (key === 'run') actions.runNow(row);
    else if (key === 'continue') actions.resume(row);
    else if (key === 'stop') actions.stop(row);
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{ items, onClick }}
      onOpenChange={(open) => open && onFocus()}
    >
      <Button
        size="small"
        disabled={disabled}
        onFocus={onFocus}
        title={row.legacyid}
        style={{ maxWidth: '100%' }}
      >
        <span className="legacy-report-menu-label">{row.legacyid}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
