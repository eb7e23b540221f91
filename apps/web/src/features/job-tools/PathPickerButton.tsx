import { FolderOpenOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { jobToolsMessages } from './job-tools.i18n';
import { SelectPathModal } from './SelectPathModal';

export interface PathPickerButtonProps {
  companyCode: string;
  sftpServerId: string;
  sid?: string;
  onPick: (path: string) => void;
  disabled?: boolean;
}

/**
 * Opens the Select Path modal for a saved sFTP server; spec 001 §5: without the server (and its
 * company) chosen first, a warning instead.
 */
export function PathPickerButton({
  companyCode,
  sftpServerId,
  sid,
  onPick,
  disabled,
}: PathPickerButtonProps) {
  const t = useT(jobToolsMessages);
  const { modal } = App.useApp();
  const [open, setOpen] = useState(false);

  const openPicker = () => {
    if (!companyCode || !sftpServerId) {
      modal.warning({
        title: t('chooseServerFirstTitle'),
        content: t('chooseServerFirstText'),
        okText: t('ok'),
      });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button icon={<FolderOpenOutlined />} disabled={disabled} onClick={openPicker}>
        {t('selectPath')}
      </Button>
      <SelectPathModal
        open={open}
        companyCode={companyCode}
        sftpServerId={sftpServerId}
        sid={sid}
        onClose={() => setOpen(false)}
        onSave={(path) => {
          setOpen(false);
          onPick(path);
        }}
      />
    </>
  );
}
