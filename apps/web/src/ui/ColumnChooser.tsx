import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover } from 'antd';
import type { ShownColumns } from './useShownColumns';

interface Props<K extends string> {
  /** The button's text ("Columns" in the screen's language). */
  label: string;
  /** The optional columns in the table's order, with their titles. */
  options: readonly { key: K; title: string }[];
  columns: Pick<ShownColumns<K>, 'shown' | 'setShown'>;
}

/** A "Columns" button whose popover ticks the table's optional columns on and off (issue 17). */
export function ColumnChooser<K extends string>({ label, options, columns }: Props<K>) {
  const content = (
    <Checkbox.Group<K> value={columns.shown} onChange={(next) => columns.setShown(next)}>
      <Flex vertical gap={4} role="group" aria-label={label}>
        {options.map((option) => (
          <Checkbox key={option.key} value={option.key}>
            {option.title}
          </Checkbox>
        ))}
      </Flex>
    </Checkbox.Group>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button icon={<TableOutlined />}>{label}</Button>
    </Popover>
  );
}
