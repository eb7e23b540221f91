import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, type TableColumnType } from 'antd';
import { useT } from '../platform/i18n/I18nProvider';
import { rowActionMessages } from './row-action-messages';

interface RowActionsProps {
  /** What the row is, for screen readers: "Edit JOB01". */
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
  /** The edit dialog is being opened (its record fetched). */
  editLoading?: boolean;
  /** Test ids: `<screen>-edit-<id>` and `<screen>-delete-<id>`. */
  testId?: { screen: string; id: string };
}

/**
 * A configuration row's Edit and Delete (issue 17): the same place (the first column, kept in view
 * when a wide table scrolls sideways), the same look (icon and word) and the same words on every
 * configuration screen.
 */
export function RowActions({ label, onEdit, onDelete, editLoading, testId }: RowActionsProps) {
  const testIdOf = (action: string) => testId && `${testId.screen}-${action}-${testId.id}`;
  const t = useT(rowActionMessages);
  return (
    <Flex gap={4} wrap={false}>
      {onEdit && (
        <Button
          size="small"
          type="link"
          icon={<EditOutlined />}
          loading={editLoading}
          aria-label={`${t('edit')} ${label}`}
          data-testid={testIdOf('edit')}
          onClick={onEdit}
        >
          {t('edit')}
        </Button>
      )}
      {onDelete && (
        <Button
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t('delete')} ${label}`}
          data-testid={testIdOf('delete')}
          onClick={onDelete}
        >
          {t('delete')}
        </Button>
      )}
    </Flex>
  );
}

interface ColumnOptions<Row> {
  /** The column's heading (the screen's "Menu" in its own words). */
  title: string;
  label: (row: Row) => string;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  /** The row whose edit dialog is being opened. */
  isOpening?: (row: Row) => boolean;
  testId?: (row: Row) => { screen: string; id: string };
  /** Kept in view when the table scrolls sideways (only for tables given `scroll.x`). */
  sticky?: boolean;
  onCell?: TableColumnType<Row>['onCell'];
}

/** Wide enough for "Edit" and "Delete" in English and Thai with their icons. */
export const ROW_ACTIONS_WIDTH = 160;

/** The row-actions column every configuration table starts with. */
export function rowActionsColumn<Row>({
  title,
  label,
  onEdit,
  onDelete,
  isOpening,
  testId,
  sticky,
  onCell,
}: ColumnOptions<Row>): TableColumnType<Row> {
  const width = onEdit && onDelete ? ROW_ACTIONS_WIDTH : ROW_ACTIONS_WIDTH / 2 + 10;
  return {
    key: 'menu',
    title,
    width,
    fixed: sticky ? 'start' : undefined,
    onCell,
    render: (_, row) => (
      <RowActions
        label={label(row)}
        onEdit={onEdit && (() => onEdit(row))}
        onDelete={onDelete && (() => onDelete(row))}
        editLoading={isOpening?.(row)}
        testId={testId?.(row)}
      />
    ),
  };
}
