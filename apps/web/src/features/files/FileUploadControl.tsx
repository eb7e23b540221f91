import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { filesMessages } from './files.i18n';

interface Props {
  uploading: boolean;
  /** Called with the chosen file (undefined when none); `done` clears the choice after an upload. */
  onUpload: (file: File | undefined, done: () => void) => void;
}

/** Spec 000 §2, §5: one file is chosen, then uploaded after a confirmation. */
export function FileUploadControl({ uploading, onUpload }: Props) {
  const t = useT(filesMessages);
  const [chosen, setChosen] = useState<UploadFile[]>([]);
  const file = chosen[0]?.originFileObj;
  return (
    <Space wrap>
      <Upload
        maxCount={1}
        fileList={chosen}
        // Nothing is sent when a file is picked: the Upload button sends it after the confirmation.
        beforeUpload={() => false}
        onChange={({ fileList }) => setChosen(fileList.slice(-1))}
        showUploadList={{ showRemoveIcon: true }}
      >
        <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
      </Upload>
      <Button type="primary" loading={uploading} onClick={() => onUpload(file, () => setChosen([]))}>
        {t('upload')}
      </Button>
    </Space>
  );
}
