import { UndoOutlined } from '@ant-design/icons';
import { Button, Col, Collapse, DatePicker, Flex, Form, Input, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useT } from '../../platform/i18n/I18nProvider';
import { EMPTY_QUARTZ_FILTERS, type QuartzFilters } from './quartz-filter';
import { quartzMessages } from './quartz.i18n';

/** Spec 001 §9: filter dates are dd/mm/yyyy. */
export const FILTER_DATE_FORMAT = 'DD/MM/YYYY';

interface Fields {
  legacyName?: string;
  companyCode?: string;
  legacyId?: string;
  lastFire?: Dayjs | null;
  nextFire?: Dayjs | null;
}

function toFilters(fields: Fields): QuartzFilters {
  return {
    legacyName: fields.legacyName ?? '',
    companyCode: fields.companyCode ?? '',
    legacyId: fields.legacyId ?? '',
    lastFire: fields.lastFire ? fields.lastFire.format(FILTER_DATE_FORMAT) : '',
    nextFire: fields.nextFire ? fields.nextFire.format(FILTER_DATE_FORMAT) : '',
  };
}

const ITEM_STYLE = { marginBottom: 12 };

/** The five filters; they apply as they are typed (the list is already in the browser). */
export function QuartzFilterPanel({ onChange }: { onChange: (filters: QuartzFilters) => void }) {
  const t = useT(quartzMessages);
  const [form] = Form.useForm<Fields>();
  const reset = () => {
    form.resetFields();
    onChange(EMPTY_QUARTZ_FILTERS);
  };
  return (
    <Collapse
      size="small"
      defaultActiveKey={['filter']}
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'filter',
          label: t('searchPanel'),
          children: (
            <Form<Fields>
              name="quartzFilter"
              form={form}
              layout="vertical"
              onValuesChange={(_, all) => onChange(toFilters(all))}
            >
              <Row gutter={16} align="bottom">
                <Col xs={24} md={12} xl={5}>
                  <Form.Item style={ITEM_STYLE} name="legacyName" label={t('legacyName')}>
                    <Input allowClear maxLength={200} placeholder={t('textPlaceholder')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={4}>
                  <Form.Item style={ITEM_STYLE} name="companyCode" label={t('companyCode')}>
                    <Input allowClear maxLength={32} placeholder={t('textPlaceholder')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={4}>
                  <Form.Item style={ITEM_STYLE} name="legacyId" label={t('legacyId')}>
                    <Input allowClear maxLength={100} placeholder={t('textPlaceholder')} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6} xl={4}>
                  <Form.Item style={ITEM_STYLE} name="lastFire" label={t('lastFire')}>
                    <DatePicker
                      style={{ width: '100%' }}
                      format={FILTER_DATE_FORMAT}
                      placeholder={t('datePlaceholder')}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6} xl={4}>
                  <Form.Item style={ITEM_STYLE} name="nextFire" label={t('nextFire')}>
                    <DatePicker
                      style={{ width: '100%' }}
                      format={FILTER_DATE_FORMAT}
                      placeholder={t('datePlaceholder')}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={3}>
                  <Form.Item style={ITEM_STYLE}>
                    <Flex justify="flex-end">
                      <Button icon={<UndoOutlined />} onClick={reset}>
                        {t('reset')}
                      </Button>
                    </Flex>
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          ),
        },
      ]}
    />
  );
}
