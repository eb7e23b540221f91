import { UploadOutlined } from '@ant-design/icons';
import type { CalendarImportResponse } from '@lis/contracts';
import { Button, Checkbox, Form, Input, Upload, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { messageRule } from '../../ui/resource/form-fields';
import { ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import { importCalendar } from './calendar-api';
import { checkName } from './calendar-form';
import { calendarMessages } from './calendars.i18n';

interface Props {
  open: boolean;
  companyCode: string;
  companyLabel: string;
  onClose: () => void;
  onImported: (answer: CalendarImportResponse) => void;
  onRefused: (error: unknown) => void;
}

interface ImportValues {
  name: string;
  description: string;
  file: File | undefined;
  replace: boolean;
}

/** Import .ics: a name, a description and an RFC 5545 file; its all-day events become a holiday calendar. */
export function CalendarImportModal({
  open,
  companyCode,
  companyLabel,
  onClose,
  onImported,
  onRefused,
}: Props) {
  const t = useT(calendarMessages);
  const [saving, setSaving] = useState(false);

  const submit = async (values: ImportValues) => {
    if (!values.file) return;
    setSaving(true);
    try {
      const answer = await importCalendar({
        company_code: companyCode,
        name: values.name.trim(),
        description: (values.description ?? '').trim(),
        file: values.file,
        replace: values.replace,
      });
      onClose();
      onImported(answer);
    } catch (error) {
      onRefused(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ResourceFormModal<ImportValues>
      state={{ open, saving, onClose }}
      title={t('importTitle')}
      width="min(520px, 96vw)"
      name="calendar-import"
      t={(key) => (key === 'save' ? t('importButton') : t('close'))}
      initialValues={{ name: '', description: '', file: undefined, replace: false }}
      onFinish={(values) => void submit(values)}
    >
      <Typography.Paragraph>
        {t('company')}:{' '}
        <Typography.Text strong translate="no">
          {companyLabel}
        </Typography.Text>
      </Typography.Paragraph>
      <Form.Item name="name" label={t('name')} required rules={[messageRule(t, checkName)]}>
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('file')}
        required
        rules={[
          {
            validator: (_, file?: File) =>
              file ? Promise.resolve() : Promise.reject(new Error(t('fileRequired'))),
          },
        ]}
        valuePropName="file"
        getValueFromEvent={(file: File) => file}
      >
        <IcsFilePicker label={t('chooseFile')} />
      </Form.Item>
      <Form.Item name="replace" valuePropName="checked">
        <Checkbox>{t('replaceExisting')}</Checkbox>
      </Form.Item>
    </ResourceFormModal>
  );
}

/** One .ics file, kept here until the form sends it. */
function IcsFilePicker({
  file,
  onChange,
  label,
}: {
  file?: File;
  onChange?: (file: File) => void;
  label: string;
}) {
  return (
    <>
      <Upload
        accept=".ics,text/calendar"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(picked) => {
          onChange?.(picked);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />}>{label}</Button>
      </Upload>
      {file && <Typography.Text style={{ marginInlineStart: 8 }}>{file.name}</Typography.Text>}
    </>
  );
}
