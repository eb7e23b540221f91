import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Select, Typography, type FormInstance } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import type { ChainJobFormValues } from './chain-job-form';
import { chainJobMessages } from './chain-jobs.i18n';
import type { useCompanyJobs } from '../../ui/company-jobs';

interface Props {
  form: FormInstance<ChainJobFormValues>;
  jobs: ReturnType<typeof useCompanyJobs>;
}

/** The repeatable member rows: Legacy ID ('id: name') and its read-only Legacy Name; Add Row, remove. */
export function ChainMemberRows({ form, jobs }: Props) {
  const t = useT(chainJobMessages);
  const members = Form.useWatch('members', form);
  /** A job runs once per chain (the server refuses a repeat): jobs chosen in other rows are disabled. */
  const optionsFor = (row: number) => {
    const taken = new Set((members ?? []).filter((_, i) => i !== row).map((m) => m?.legacyId));
    return jobs.options.map((option) => ({ ...option, disabled: taken.has(option.value) }));
  };
  return (
    <Form.List name="members">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} data-testid="chain-job-members">
          <Typography.Text strong>{t('members')}</Typography.Text>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="start" data-testid={`chain-job-member-${index + 1}`}>
              <Typography.Text style={{ width: 24, paddingTop: 5 }}>{index + 1}.</Typography.Text>
              <Form.Item
                name={[field.name, 'legacyId']}
                label={t('legacyId')}
                rules={[{ required: true, message: t('selectLegacy') }]}
                style={{ flex: 1, marginBottom: 0 }}
              >
                <Select
                  aria-label={`${t('legacyId')} ${index + 1}`}
                  placeholder={t('selectLegacy')}
                  loading={jobs.loading}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={optionsFor(field.name)}
                  notFoundContent={t('noJobs')}
                  onChange={(legacyId: string) =>
                    form.setFieldValue(['members', field.name, 'legacyName'], jobs.nameOf(legacyId))
                  }
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'legacyName']}
                label={t('legacyName')}
                style={{ flex: 1, marginBottom: 0 }}
              >
                <Input readOnly aria-label={`${t('legacyName')} ${index + 1}`} />
              </Form.Item>
              <Button
                danger
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('removeRow', { row: index + 1 })}
                style={{ marginTop: 30 }}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ legacyId: undefined, legacyName: '' })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('addRow')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
