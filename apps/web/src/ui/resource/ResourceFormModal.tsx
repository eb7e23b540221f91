import { Form, Modal, type FormProps, type ModalProps } from 'antd';
import type { ReactNode } from 'react';

interface ResourceFormModalProps<V> {
  open: boolean;
  title: ReactNode;
  /** e.g. `min(600px, 96vw)`. */
  width: string;
  /** The form's id (the footer's submit button names it) and its name (the fields' id prefix). */
  formId: string;
  name: string;
  saving: boolean;
  onClose: () => void;
  /** The default footer's words: Save (submits the form) and Close. */
  saveText?: string;
  closeText?: string;
  /** A footer of the screen's own (e.g. with Test Connection) instead of Save and Close. */
  footer?: ReactNode;
  styles?: ModalProps['styles'];
  form?: FormProps<V>['form'];
  initialValues: FormProps<V>['initialValues'];
  onFinish: FormProps<V>['onFinish'];
  onFinishFailed?: FormProps<V>['onFinishFailed'];
  children: ReactNode;
}

/**
 * The Add/Edit modal of a configuration screen: centered, closed only by its buttons, its form
 * vertical and disabled while saving. `destroyOnHidden` with `preserve={false}`: every opening starts
 * from `initialValues`.
 */
export function ResourceFormModal<V>(props: ResourceFormModalProps<V>) {
  const { open, title, width, formId, name, saving, onClose, saveText, closeText, footer, styles } = props;
  const defaultFooter = footer === undefined;
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      okText={defaultFooter ? saveText : undefined}
      cancelText={defaultFooter ? closeText : undefined}
      okButtonProps={defaultFooter ? { htmlType: 'submit', form: formId, loading: saving } : undefined}
      onCancel={onClose}
      footer={footer}
      styles={styles}
    >
      <Form<V>
        id={formId}
        form={props.form}
        name={name}
        layout="vertical"
        preserve={false}
        initialValues={props.initialValues}
        onFinish={props.onFinish}
        onFinishFailed={props.onFinishFailed}
        disabled={saving}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
