import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { monitoringMessages } from '../monitoring';
import { OPTIONAL_COLUMNS, type ColumnChoice, type OptionalColumn } from './report-columns';

interface Props {
  choice: ColumnChoice;
  /** The optional columns shown now (chosen, or those that fit). */
  shown: readonly OptionalColumn[];
  labelOf: (column: OptionalColumn) => string;
  onChange: (choice: ColumnChoice) => void;
}

/** Which of the report's other columns show: as many as fit the window (the default), or a choice. */
export function ColumnChooser({ choice, shown, labelOf, onChange }: Props) {
  const t = useT(monitoringMessages);
  const content = (
    <Flex vertical gap={8} style={{ maxWidth: 280 }}>
      <Checkbox
        checked={choice.auto}
        onChange={(event) =>
          onChange(event.target.checked ? { auto: true } : { auto: false, shown: [...shown] })
        }
      >
        {t('columnsAuto')}
      </Checkbox>
      <Checkbox.Group<OptionalColumn>
        value={[...shown]}
        onChange={(values) =>
          onChange({ auto: false, shown: OPTIONAL_COLUMNS.filter((column) => values.includes(column)) })
        }
      >
        <Flex vertical gap={4}>
          {OPTIONAL_COLUMNS.map((column) => (
            <Checkbox key={column} value={column}>
              {labelOf(column)}
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('columnsHint')}
      </Typography.Text>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columns')} content={content}>
      <Button size="small" icon={<TableOutlined />}>
        {t('columns')}
      </Button>
    </Popover>
  );
}
