import { Modal } from 'antd';

export interface CronTriggerModalProps {
  open: boolean;
  onClose: () => void;
  onOk: (expression: string) => void;
}

/** The spec's Select Cron trigger modal (spec 001 §2). */
export function CronTriggerModal({ open, onClose }: CronTriggerModalProps) {
  return <Modal open={open} onCancel={onClose} footer={null} title="Select Cron trigger" />;
}
