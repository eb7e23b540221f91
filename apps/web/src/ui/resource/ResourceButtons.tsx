import { CopyOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';

interface PageButtonProps {
  label: string;
  onClick: () => void;
  'data-testid'?: string;
}

/** A configuration screen's Add, at the top right of the page. */
export function AddButton({ label, ...props }: PageButtonProps) {
  return (
    <Button type="primary" icon={<PlusOutlined />} {...props}>
      {label}
    </Button>
  );
}

/** Create From Template: a saved record opens as a new one. */
export function TemplateButton({ label, ...props }: PageButtonProps) {
  return (
    <Button icon={<CopyOutlined />} {...props}>
      {label}
    </Button>
  );
}

/** Export Excel of the list as searched (see `useExport`). */
export function ExportButton({ label, exporting, ...props }: PageButtonProps & { exporting: boolean }) {
  return (
    <Button icon={<FileExcelOutlined />} loading={exporting} {...props}>
      {label}
    </Button>
  );
}
