import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Col, Collapse, Flex, Form, Row, type FormInstance, type FormProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { filterPanelMessages } from './filter-panel.i18n';
import { FILTER_ITEM_STYLE } from './FilterField';

export interface FilterPanelProps<Values> {
  /** The screen's own handle on the fields (to read them, e.g. for an Export), if it needs one. */
  form?: FormInstance<Values>;
  /** The form's name: the fields' ids start with it, so two forms on one screen never share an id. */
  name?: string;
  initialValues?: FormProps<Values>['initialValues'];
  /** A title puts the panel in a frame that folds away (open at first). */
  title?: string;
  /** Search, or Enter in a text field, sends the fields. Without it there is no Search button. */
  onSearch?: (values: Values) => void;
  /** A live filter: every change sends all the fields. */
  onChange?: (values: Values) => void;
  /** Reset empties the fields (to `clearTo`, else to the initial values), then calls this. */
  onClear?: () => void;
  clearTo?: Parameters<FormInstance<Values>['setFieldsValue']>[0];
  /** The empty-the-fields button's word: Reset (default) or Clear. */
  clearWord?: 'reset' | 'clear';
  /** The search is running: Search spins. */
  searching?: boolean;
  searchTestId?: string;
  /** In the buttons' place: before the buttons (a check box), after them (Export, Columns). */
  before?: ReactNode;
  after?: ReactNode;
  /** The buttons one under the other, as wide as their place (a narrow last column). */
  stacked?: boolean;
  /**
   * Where the labels go: above their fields (default), or beside them, which keeps a short panel to
   * one line of controls (the Daily Report, whose timeline and table must fit a 768 px screen).
   */
  labels?: 'above' | 'beside';
  /** Fields on a row of their own, above the row of `children` and the buttons. */
  above?: ReactNode;
  /** The fields (FilterField) of the last row; the buttons take the rest of it, or the next line. */
  children: ReactNode;
  style?: CSSProperties;
  role?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * The console's search/filter panel (issue 33): labelled fields in a responsive grid (each field's
 * share of the row at each breakpoint, so that a 1366×768 laptop keeps them on one or two lines),
 * then Search and Reset at the right of the last row — Search first, with Enter in a text field doing
 * the same — and the screen's own buttons after them; optionally in a titled frame that folds away.
 */
export function FilterPanel<Values>(props: FilterPanelProps<Values>) {
  const t = useT(filterPanelMessages);
  const [ownForm] = Form.useForm<Values>();
  const form = props.form ?? ownForm;
  const { onSearch, onChange, onClear, clearTo, stacked = false } = props;

  const clear = () => {
    if (clearTo) form.setFieldsValue(clearTo);
    else form.resetFields();
    onClear?.();
  };
  const buttons = (
    <>
      {props.before}
      {onSearch && (
        <Button
          type="primary"
          htmlType="submit"
          icon={<SearchOutlined />}
          loading={props.searching}
          block={stacked}
          data-testid={props.searchTestId}
        >
          {t('search')}
        </Button>
      )}
      {onClear && (
        <Button icon={<UndoOutlined />} block={stacked} onClick={clear}>
          {t(props.clearWord ?? 'reset')}
        </Button>
      )}
      {props.after}
    </>
  );

  const panel = (
    <Form<Values>
      form={form}
      name={props.name}
      layout={props.labels === 'beside' ? 'horizontal' : 'vertical'}
      initialValues={props.initialValues}
      onFinish={onSearch}
      onValuesChange={onChange && ((_, all) => onChange(all))}
      style={props.style}
      role={props.role}
      aria-label={props['aria-label']}
      data-testid={props['data-testid']}
    >
      {props.above && (
        <Row gutter={16} align="bottom">
          {props.above}
        </Row>
      )}
      <Row gutter={16} align="bottom">
        {props.children}
        <Col flex="auto">
          <Form.Item style={FILTER_ITEM_STYLE}>
            {stacked ? (
              <Flex vertical gap={4}>
                {buttons}
              </Flex>
            ) : (
              <Flex gap="small" justify="flex-end" wrap>
                {buttons}
              </Flex>
            )}
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
  if (!props.title) return panel;
  return (
    <Collapse
      size="small"
      defaultActiveKey={['filter']}
      style={{ marginBottom: 16 }}
      items={[{ key: 'filter', label: props.title, children: panel }]}
    />
  );
}
