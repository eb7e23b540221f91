import { Modal } from 'antd';

export interface FilenameValidatorModalProps {
  open: boolean;
  initialRegex: string;
  onClose: () => void;
  onOk: (regex: string) => void;
}

/** The spec's sFTP Source Format Filename Validate modal. */
export function FilenameValidatorModal({ open, onClose }: FilenameValidatorModalProps) {
  return <Modal open={open} onCancel={onClose} footer={null} title="Validate" />;
}
