import {
  Col,
  DatePicker,
  Form,
  Input,
  type ColProps,
  type DatePickerProps,
  type FormItemProps,
  type InputProps,
} from 'antd';
import type { ReactElement } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { ENTRY_DATE_FORMAT } from '../table-dates';
import { filterPanelMessages } from './filter-panel.i18n';

/** Tighter than Ant Design's 24 px: a filter panel is small and its buttons share the last row. */
export const FILTER_ITEM_STYLE = { marginBottom: 12 };

/**
 * A field's share of the row's 24 columns on a phone, a tablet (md) and a laptop (xl) — `[24, 12, 6]` —
 * or any of Ant Design's column sizes (`{ xs: 24, lg: 8 }`, `{ flex: '160px' }`).
 */
export type FilterWidth =
  | readonly [phone: number, tablet: number, laptop: number]
  | Pick<ColProps, 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'flex'>;

const columnOf = (width: FilterWidth) =>
  'length' in width ? { xs: width[0], md: width[1], xl: width[2] } : width;

interface FilterFieldProps {
  /** The form field (and, with the panel's name, the control's id). */
  name: string;
  label: string;
  width: FilterWidth;
  /** What Search checks first (its message shows under the field). */
  rules?: FormItemProps['rules'];
  /** The one control (the form gives it its value and onChange). */
  children: ReactElement;
}

/** One labelled field of a filter panel, in its column of the panel's row. */
export function FilterField({ name, label, width, rules, children }: FilterFieldProps) {
  return (
    <Col {...columnOf(width)}>
      <Form.Item style={FILTER_ITEM_STYLE} name={name} label={label} rules={rules}>
        {children}
      </Form.Item>
    </Col>
  );
}

interface FilterTextProps extends Omit<InputProps, 'name' | 'width'> {
  name: string;
  label: string;
  width: FilterWidth;
  /** The kit's "Contains…" placeholder (the text matches any part). */
  contains?: boolean;
}

/** A labelled text to match, clearable. */
export function FilterText({ name, label, width, contains = false, ...input }: FilterTextProps) {
  const t = useT(filterPanelMessages);
  return (
    <FilterField name={name} label={label} width={width}>
      <Input allowClear placeholder={contains ? t('textPlaceholder') : undefined} {...input} />
    </FilterField>
  );
}

/** A day, entered dd/mm/yyyy (spec 000 §9), as wide as its column. */
export function FilterDate(props: DatePickerProps) {
  const t = useT(filterPanelMessages);
  return (
    <DatePicker
      style={{ width: '100%' }}
      format={ENTRY_DATE_FORMAT}
      placeholder={t('datePlaceholder')}
      {...props}
    />
  );
}

interface FilterDaysProps {
  /** The fields of the first and the last day, and their labels. */
  names: readonly [string, string];
  labels: readonly [string, string];
  /** Each day's share of the row. */
  width: FilterWidth;
  /** What Search checks first, of each day. */
  rules?: FormItemProps['rules'];
}

/** A range of days: the first and the last, side by side. */
export function FilterDays({ names: [from, to], labels, width, rules }: FilterDaysProps) {
  return (
    <>
      <FilterField name={from} label={labels[0]} width={width} rules={rules}>
        <FilterDate />
      </FilterField>
      <FilterField name={to} label={labels[1]} width={width} rules={rules}>
        <FilterDate />
      </FilterField>
    </>
  );
}
