import { Button, Flex, Switch } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { COUNTED_STATES, type CountedState } from '../monitoring';
import { monitoringMessages } from '../monitoring';

interface Props {
  counts: Record<CountedState, number>;
  /** The state the list is narrowed to, if any. */
  active: CountedState | undefined;
  onActiveChange: (state: CountedState | undefined) => void;
  errorsFirst: boolean;
  onErrorsFirstChange: (on: boolean) => void;
}

/**
 * Above the report (issue 17): how many jobs are in ERROR, suspended, WARNING and RUNNING — a click
 * shows only those, a second click all again — and the "errors first" switch.
 */
export function JobStateCounts({ counts, active, onActiveChange, errorsFirst, onErrorsFirstChange }: Props) {
  const t = useT(monitoringMessages);
  return (
    <Flex align="center" gap={8} wrap role="group" aria-label={t('countsLabel')}>
      {COUNTED_STATES.map((state) => {
        const pressed = active === state;
        return (
          <Button
            key={state}
            size="small"
            className={`legacy-report-count legacy-report-count-${state.toLowerCase()}${pressed ? ' legacy-report-count-active' : ''}`}
            aria-pressed={pressed}
            title={t('countHint')}
            data-state={state}
            onClick={() => onActiveChange(pressed ? undefined : state)}
          >
            <span className="legacy-report-count-dot" aria-hidden />
            {t(`count${state}`)}
            <span className="legacy-report-count-number">{counts[state]}</span>
          </Button>
        );
      })}
      <label className="legacy-report-errors-first" title={t('errorsFirstHint')}>
        <Switch
          size="small"
          checked={errorsFirst}
          onChange={onErrorsFirstChange}
          aria-label={t('errorsFirst')}
        />
        <span>{t('errorsFirst')}</span>
      </label>
    </Flex>
  );
}
