import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { USER_IMPORT_COLUMNS } from '@lis/contracts';
import { App, Button, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { saveBlob } from '../../platform/api/download';
import { useT } from '../../platform/i18n/I18nProvider';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { downloadImportTemplate } from './employee-api';
import { USER_IMPORT_MAX_MB, checkUploadFile } from './employee-upload';
import { employeeMessages } from './employees.i18n';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Props {
  /** Asks for confirmation, then sends the file (see useEmployeeActions). */
  onUpload: (file: File) => void;
}

/** Excel upload of users (checked here, confirmed and sent by the caller) and the template download. */
export function EmployeeUpload({ onUpload }: Props) {
  const t = useT(employeeMessages);
  const { modal } = App.useApp();
  const { showError } = useResourceErrors(t('notSuccessful'));
  const [downloading, setDownloading] = useState(false);

  const pick = (file: File) => {
    const problem = checkUploadFile(file);
    if (problem) modal.warning({ title: t(problem, { size: USER_IMPORT_MAX_MB }), okText: t('close') });
    else onUpload(file);
    // The file is never kept in an upload list: the confirmation dialog sends it.
    return Upload.LIST_IGNORE;
  };

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await downloadImportTemplate();
      saveBlob(blob, fileName);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Upload accept={`.xlsx,${XLSX_TYPE}`} showUploadList={false} beforeUpload={pick}>
        <Button icon={<UploadOutlined />}>{t('upload')}</Button>
      </Upload>
      <Tooltip title={t('templateHint', { columns: USER_IMPORT_COLUMNS.join(', ') })}>
        <Button type="link" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
          {t('template')}
        </Button>
      </Tooltip>
    </>
  );
}
