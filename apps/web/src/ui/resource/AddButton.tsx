import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** A configuration screen's Add, at the top right of the page. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}
