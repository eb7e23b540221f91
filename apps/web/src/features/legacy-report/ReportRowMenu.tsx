import { MenuOutlined } from '@ant-design/icons';
import type { LegacyReportRow } from '@lis/contracts';
import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';
import { appUrl } from '../../platform/base-path';
import { useT } from '../../platform/i18n/I18nProvider';
import { PlainButton } from '../../ui/PlainButton';
import { runHistoryMessages } from '../run-history';
import { detailPath } from '../monitoring';
import { monitoringMessages } from '../monitoring';
import type { ReportActions } from '../monitoring';

interface Props {
  row: LegacyReportRow;
  /** Spec 000 §6: the menu waits for the user's role. */
  disabled: boolean;
  /** This row's menu is the one open (the table keeps one open at most). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actions: Pick<ReportActions, 'runNow' | 'resume' | 'stop'>;
  /** Run history (issue 31 §8): the job's last runs. */
  onHistory: (row: LegacyReportRow) => void;
  /** Focusing or opening a row control holds the auto refresh (spec 000 §4). */
  onFocus: () => void;
}

/**
 * Spec 000 §2: the per-row dropdown, labelled with the legacy ID (its name and tooltip; the ID itself
 * shows beside it, in the job's column). Closed, it is a bare button; antd's
 * Dropdown (a trigger with a resize observer) is mounted only on the row whose menu is open, so that
 * scrolling 5,000 rows does not mount one per row (DESIGN §8).
 */
export function ReportRowMenu({ row, disabled, open, onOpenChange, actions, onHistory, onFocus }: Props) {
  const button = (
    <PlainButton
      className="legacy-report-menu-button"
      disabled={disabled}
      title={row.legacyid}
      aria-label={row.legacyid}
      aria-haspopup="menu"
      aria-expanded={open}
      icon={<MenuOutlined />}
      onFocus={onFocus}
      onClick={open ? undefined : () => onOpenChange(true)}
    />
  );
  if (!open || disabled) return button;
  return (
    <OpenRowMenu
      row={row}
      actions={actions}
      onHistory={onHistory}
      onOpenChange={onOpenChange}
      button={button}
    />
  );
}

function OpenRowMenu({
  row,
  actions,
  onHistory,
  onOpenChange,
  button,
}: Pick<Props, 'row' | 'actions' | 'onHistory' | 'onOpenChange'> & { button: ReactElement }) {
  const t = useT(monitoringMessages);
  const th = useT(runHistoryMessages);
  const stopActive = row.step2_status === 'RUNNING';
  const items: MenuProps['items'] = [
    { key: 'detail', label: t('detail') },
    { key: 'history', label: th('menuItem') },
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
    onOpenChange(false);
    if (key === 'detail') window.open(appUrl(detailPath(row)), '_blank', 'noopener');
    else if (key === 'history') onHistory(row);
    else if (key === 'run') actions.runNow(row);
    else if (key === 'continue') actions.resume(row);
    else if (key === 'stop') actions.stop(row);
  };
  return (
    <Dropdown open autoFocus trigger={['click']} menu={{ items, onClick }} onOpenChange={onOpenChange}>
      {button}
    </Dropdown>
  );
}
