import { ApiOutlined, CopyOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';

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

interface FormButtonsProps {
  /** The form the Save button submits. */
  formId: string;
  saving: boolean;
  /** The screen's words for Save and Close. */
  t: (key: 'save' | 'close') => string;
  onClose: () => void;
  /** Before the submit (e.g. to note that Save, not Test Connection, was pressed). */
  onSave?: () => void;
  saveTestId?: string;
}

/** The end of a form modal's own footer: Close, then Save (submits the form; spins while saving). */
export function CloseSaveButtons(props: FormButtonsProps) {
  return (
    <>
      <Button onClick={props.onClose}>{props.t('close')}</Button>
      <Button
        type="primary"
        htmlType="submit"
        form={props.formId}
        onClick={props.onSave}
        loading={props.saving}
        data-testid={props.saveTestId}
      >
        {props.t('save')}
      </Button>
    </>
  );
}

interface TestConnectionButtonProps {
  label: string;
  /** A test is running. */
  testing?: boolean;
  /** No test while the form saves. */
  saving: boolean;
  onClick: () => void;
  /** The test submits this form (so the form validates first) instead of only calling `onClick`. */
  submits?: string;
  'data-testid'?: string;
}

/** A form modal's Test Connection, first in its footer. */
export function TestConnectionButton({
  label,
  testing,
  saving,
  submits,
  ...props
}: TestConnectionButtonProps) {
  return (
    <Button
      icon={<ApiOutlined />}
      htmlType={submits ? 'submit' : undefined}
      form={submits}
      loading={testing}
      disabled={saving}
      {...props}
    >
      {label}
    </Button>
  );
}

interface TestCloseSaveButtonsProps extends FormButtonsProps {
  /** The Test Connection (it is disabled while the form saves). */
  test: Omit<TestConnectionButtonProps, 'saving'>;
  /** In a wrapping `Space` (Test Connection, then Close and Save, each group its own item). */
  wrap?: boolean;
}

/** A form modal's footer with a Test Connection: Test Connection, Close, Save. */
export function TestCloseSaveButtons({ test, wrap, ...buttons }: TestCloseSaveButtonsProps) {
  const testButton = <TestConnectionButton saving={buttons.saving} {...test} />;
  const closeSave = <CloseSaveButtons {...buttons} />;
  return wrap ? (
    <Space wrap>
      {testButton}
      {closeSave}
    </Space>
  ) : (
    <>
      {testButton}
      {closeSave}
    </>
  );
}
