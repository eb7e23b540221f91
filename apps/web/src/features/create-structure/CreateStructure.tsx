import { BuildOutlined, DownloadOutlined, EllipsisOutlined, InboxOutlined } from '@ant-design/icons';
import { CONVERTER_MAX_FILE_BYTES } from '@lis/converter';
import { Alert, App, Button, Divider, Dropdown, Flex, Space, Upload } from 'antd';
import { useMemo } from 'react';
import { useLanguage, useT } from '../../platform/i18n/I18nProvider';
import { plural } from '../../platform/i18n/language';
import { PageContainer } from '../../ui/PageContainer';
import { ConverterSettingForm } from './ConverterSettingForm';
import { JSON_FORMAT_FILE, JSON_STRING_FORMAT_FILE } from './converter-output';
import { CONVERTED_KEYS, createStructureMessages } from './create-structure.i18n';
import type { DroppedFile } from './dropped-files';
import { DroppedFileTable, type FileConversionInfo } from './DroppedFileTable';
import { formatNumber } from './format-number';
import { useCreateStructure, type Conversion } from './useCreateStructure';

/** Records of one converted file: a line mode gives an array; json counts a top-level array's items. */
function conversionInfo(conversion: Conversion | null): Map<number, FileConversionInfo> {
  const info = new Map<number, FileConversionInfo>();
  if (!conversion) return info;
  const { result, encodings } = conversion.output;
  conversion.fileIds.forEach((id, index) => {
    const data = result.data_list[index]?.data;
    info.set(id, { encoding: encodings[index] ?? 'utf-8', records: Array.isArray(data) ? data.length : 1 });
  });
  return info;
}

/** Route /uploadfileconfig: files to JSON records, converted in the browser (DESIGN §7). */
export function CreateStructure() {
  const t = useT(createStructureMessages);
  const { language } = useLanguage();
  const { modal } = App.useApp();
  const screen = useCreateStructure();
  const converted = useMemo(() => conversionInfo(screen.conversion), [screen.conversion]);
  const total = screen.conversion?.output.result.total_count;

  const confirmDelete = (file: DroppedFile) =>
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: file.name }),
      okText: t('yes'),
      cancelText: t('no'),
      okButtonProps: { danger: true },
      onOk: () => screen.removeFile(file.id),
    });

  return (
    <PageContainer title={t('title')}>
      <Flex vertical gap={16}>
        <Upload.Dragger
          multiple
          showUploadList={false}
          // Every file of a drop comes here one by one with the whole batch: take the batch once.
          beforeUpload={(file, batch) => {
            if (file === batch[0]) screen.addFiles(batch);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('dropText')}</p>
          <p className="ant-upload-hint">
            {t('dropHint', { limit: formatNumber(CONVERTER_MAX_FILE_BYTES) })}
          </p>
        </Upload.Dragger>

        <ConverterSettingForm
          value={screen.setting}
          error={screen.settingError}
          onChange={screen.changeSetting}
        />

        <Flex gap={8} wrap align="center">
          <Button
            type="primary"
            icon={<BuildOutlined />}
            loading={screen.converting}
            onClick={() => void screen.create()}
          >
            {t('create')}
          </Button>
          <Space.Compact>
            <Button
              icon={<DownloadOutlined />}
              disabled={!screen.conversion}
              onClick={() => screen.download([JSON_FORMAT_FILE, JSON_STRING_FORMAT_FILE])}
            >
              {t('download')}
            </Button>
            <Dropdown
              disabled={!screen.conversion}
              menu={{
                items: [JSON_FORMAT_FILE, JSON_STRING_FORMAT_FILE].map((name) => ({
                  key: name,
                  label: name,
                })),
                onClick: ({ key }) =>
                  screen.download([key === JSON_FORMAT_FILE ? JSON_FORMAT_FILE : JSON_STRING_FORMAT_FILE]),
              }}
            >
              <Button
                icon={<EllipsisOutlined />}
                aria-label={t('downloadMore')}
                disabled={!screen.conversion}
              />
            </Dropdown>
          </Space.Compact>
        </Flex>
        {total !== undefined && (
          <Alert
            type="success"
            showIcon
            title={t(plural(language, total, CONVERTED_KEYS), { total: formatNumber(total) })}
          />
        )}

        <Divider style={{ margin: 0 }} />
        <DroppedFileTable files={screen.files} converted={converted} onDelete={confirmDelete} />
      </Flex>
    </PageContainer>
  );
}
