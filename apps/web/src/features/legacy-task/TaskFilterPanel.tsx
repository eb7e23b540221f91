import { ExportOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, DatePicker, Flex, Form, Input, Row, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useT } from '../../platform/i18n/I18nProvider';
import { legacyTaskMessages } from './legacy-task.i18n';
import { EMPTY_TASK_CRITERIA, TASK_STATUSES, type TaskCriteria, type TaskStatus } from './task-criteria';

/** Spec 000 §9: filter dates are dd/mm/yyyy. */
const FILTER_DATE_FORMAT = 'DD/MM/YYYY';
const ITEM_STYLE = { marginBottom: 12 };

interface Fields {
  companyCode?: string;
  legacyId?: string;
  jobInstanceNo?: string;
  legacyName?: string;
  statuses?: TaskStatus[];
  startFrom?: Dayjs | null;
  startTo?: Dayjs | null;
}

const toDay = (date: Dayjs | null | undefined) => (date ? date.format('YYYYMMDD') : '');
const fromDay = (day: string) =>
  day ? dayjs(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`) : null;

function toCriteria(fields: Fields): TaskCriteria {
  return {
    companyCode: fields.companyCode ?? '',
    legacyId: fields.legacyId ?? '',
    jobInstanceNo: fields.jobInstanceNo ?? '',
    legacyName: fields.legacyName ?? '',
    statuses: fields.statuses ?? [],
    startFrom: toDay(fields.startFrom),
    startTo: toDay(fields.startTo),
  };
}

const toFields = (criteria: TaskCriteria): Fields => ({
  ...criteria,
  startFrom: fromDay(criteria.startFrom),
  startTo: fromDay(criteria.startTo),
});

interface Props {
  /** The saved search the form opens with. */
  initial: TaskCriteria;
  onSearch: (criteria: TaskCriteria) => void;
  onReset: () => void;
  /** Export takes the dates as they are in the form, searched or not. */
  onExport: (startWindow: Pick<TaskCriteria, 'startFrom' | 'startTo'>) => void;
  exporting: boolean;
}

/** Spec 000 §2 task filters: text parts, the run states, the Job Start window; Search, Reset, Export. */
export function TaskFilterPanel({ initial, onSearch, onReset, onExport, exporting }: Props) {
  const t = useT(legacyTaskMessages);
  const [form] = Form.useForm<Fields>();
  const text = (name: keyof Fields, label: string, maxLength: number) => (
    <Form.Item style={ITEM_STYLE} name={name} label={label}>
      <Input allowClear maxLength={maxLength} placeholder={t('textPlaceholder')} />
    </Form.Item>
  );
  const date = (name: 'startFrom' | 'startTo', label: string) => (
    <Form.Item style={ITEM_STYLE} name={name} label={label}>
      <DatePicker style={{ width: '100%' }} format={FILTER_DATE_FORMAT} placeholder={t('datePlaceholder')} />
    </Form.Item>
  );

  return (
    <Form<Fields>
      form={form}
      name="legacyTaskFilter"
      layout="vertical"
      initialValues={toFields(initial)}
      onFinish={(fields) => onSearch(toCriteria(fields))}
    >
      <Row gutter={16} align="bottom">
        <Col xs={24} md={8} xl={4}>
          {text('companyCode', t('companyCode'), 32)}
        </Col>
        <Col xs={24} md={8} xl={5}>
          {text('legacyId', t('legacyId'), 100)}
        </Col>
        <Col xs={24} md={8} xl={8}>
          {text('jobInstanceNo', t('jobInstanceNo'), 160)}
        </Col>
        <Col xs={24} md={24} xl={7}>
          {text('legacyName', t('legacyName'), 200)}
        </Col>
      </Row>
      {/* States and dates keep their natural width; the buttons take the rest (or the next line). */}
      <Row gutter={16} align="bottom" wrap>
        <Col flex="none">
          <Form.Item style={ITEM_STYLE} name="statuses" label={t('status')}>
            <Checkbox.Group options={TASK_STATUSES.map((status) => ({ label: status, value: status }))} />
          </Form.Item>
        </Col>
        <Col flex="160px">{date('startFrom', t('startFrom'))}</Col>
        <Col flex="160px">{date('startTo', t('startTo'))}</Col>
        <Col flex="auto">
          <Form.Item style={ITEM_STYLE}>
            <Flex gap={8} wrap justify="flex-end">
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('search')}
              </Button>
              <Button
                icon={<UndoOutlined />}
                onClick={() => {
                  form.setFieldsValue(toFields(EMPTY_TASK_CRITERIA));
                  onReset();
                }}
              >
                {t('reset')}
              </Button>
              <Tooltip title={t('exportHint')}>
                <Button
                  icon={<ExportOutlined />}
                  loading={exporting}
                  onClick={() => onExport(toCriteria(form.getFieldsValue()))}
                >
                  {t('export')}
                </Button>
              </Tooltip>
            </Flex>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
