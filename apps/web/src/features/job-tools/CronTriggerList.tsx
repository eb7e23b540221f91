import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { addCronTrigger, joinCronTriggers, splitCronTriggers } from './cron-trigger-list';
import { CronTriggerModal } from './CronTriggerModal';
import { jobToolsMessages } from './job-tools.i18n';

/**
 * Something aligned with each trigger, e.g. its calendar and business-day rule (issue 34): one value
 * per row, shown by `render` beside the expression and dropped with its row. `render` gives one cell
 * per entry of `columns` (the CSS grid track of each), so that the cells of all rows line up whatever
 * the expressions' lengths.
 */
export interface CronTriggerAddon {
  values: readonly string[];
  onChange: (values: string[]) => void;
  columns: readonly string[];
  render: (index: number, expression: string) => ReactNode;
}

/** The expression's track: as wide as the longest one, wrapped below this when the row is short of room. */
const EXPRESSION_COLUMN = 'minmax(7em, max-content)';

export interface CronTriggerListProps {
  /** Given by antd's Form.Item: on the list, so that the form can scroll to the field. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  addon?: CronTriggerAddon;
}

/**
 * An antd-Form control for a `|`-joined list of cron expressions: one row per expression with a
 * delete button, and Add opening the Select Cron trigger modal (a duplicate is not added twice).
 */
export function CronTriggerList({ id, value, onChange, disabled, addon }: CronTriggerListProps) {
  const t = useT(jobToolsMessages);
  const [picking, setPicking] = useState(false);
  const expressions = splitCronTriggers(value);

  const update = (next: readonly string[]) => {
    if (next !== expressions) onChange?.(joinCronTriggers(next));
  };

  // One grid for every row (each row a subgrid of it): the calendar and rule columns line up.
  const grid = {
    display: 'grid',
    // The delete button's track never stretches (an `auto` one would take a share of the free room).
    gridTemplateColumns: [EXPRESSION_COLUMN, ...(addon?.columns ?? []), 'min-content'].join(' '),
    columnGap: 8,
    rowGap: 4,
    alignItems: 'center',
    // The tracks keep their own widths (no stretching into the row's free room): delete stays beside.
    justifyContent: 'start',
  } as const;
  return (
    <Flex id={id} vertical gap={4} data-testid="cron-trigger-list">
      {expressions.length === 0 && <Typography.Text type="secondary">{t('cronEmptyList')}</Typography.Text>}
      {expressions.length > 0 && (
        <div style={grid}>
          {expressions.map((expression, index) => (
            <div
              key={`${index}:${expression}`}
              style={{ ...grid, gridColumn: '1 / -1', gridTemplateColumns: 'subgrid' }}
              data-testid="cron-trigger-row"
            >
              <Typography.Text code style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {expression}
              </Typography.Text>
              {addon?.render(index, expression)}
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={disabled}
                aria-label={t('deleteTrigger', { expression })}
                onClick={() => {
                  update(expressions.filter((_, other) => other !== index));
                  if (addon && index < addon.values.length)
                    addon.onChange(addon.values.filter((_, other) => other !== index));
                }}
              />
            </div>
          ))}
        </div>
      )}
      <div>
        <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => setPicking(true)}>
          {t('addTrigger')}
        </Button>
      </div>
      <CronTriggerModal
        open={picking}
        onClose={() => setPicking(false)}
        onOk={(expression) => {
          setPicking(false);
          update(addCronTrigger(expressions, expression));
        }}
      />
    </Flex>
  );
}
