import { Modal } from 'antd';

export interface SelectPathModalProps {
  open: boolean;
  companyCode: string;
  sftpServerId: string;
  sid?: string;
  onClose: () => void;
  onSave: (path: string) => void;
}

/** The spec's Select Path modal: the remote folders of a saved sFTP server. */
export function SelectPathModal({ open, onClose }: SelectPathModalProps) {
  return <Modal open={open} onCancel={onClose} footer={null} title="Select Path" />;
}
