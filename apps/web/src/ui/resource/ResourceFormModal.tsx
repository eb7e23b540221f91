import { Form, Modal, type FormProps, type ModalProps } from 'antd';
import type { ReactNode } from 'react';

/** A form's id, which a footer's submit button names: its name and `-form`. */
export const formIdOf = (name: string) => `${name}-form`;

interface ResourceFormModalProps<V> {
  /** Whether the modal is open, the form saving, and its close (as the screen gave them). */
  state: { open: boolean; saving: boolean; onClose: () => void };
  title: ReactNode;
  /** e.g. `min(600px, 96vw)`. */
  width: string;
  /** The form's name (the fields' id prefix); its id is `formIdOf(name)`. */
  name: string;
  /** The screen's words for the default footer: Save (submits the form) and Close. */
  t?: (key: 'save' | 'close') => string;
  /** A footer of the screen's own (e.g. with Test Connection) instead of Save and Close. */
  footer?: ReactNode;
  styles?: ModalProps['styles'];
  /** A long form (instead of `styles`): the body scrolls, the title and footer stay in view. */
  scrollBody?: boolean;
  form?: FormProps<V>['form'];
  initialValues: FormProps<V>['initialValues'];
  onFinish: FormProps<V>['onFinish'];
  onFinishFailed?: FormProps<V>['onFinishFailed'];
  onValuesChange?: FormProps<V>['onValuesChange'];
  children: ReactNode;
  /** Inside the modal but outside the form (e.g. a dialog the form opens). */
  after?: ReactNode;
}

/** The body of a long form, below the title and above the footer. */
export const SCROLLING_BODY = {
  maxHeight: 'calc(100vh - 200px)',
  overflowY: 'auto',
  overflowX: 'hidden',
} as const;

/**
 * The Add/Edit modal of a configuration screen: centered, closed only by its buttons, its form
 * vertical and disabled while saving. `destroyOnHidden` with `preserve={false}`: every opening starts
 * from `initialValues`.
 */
export function ResourceFormModal<V>(props: ResourceFormModalProps<V>) {
  const { state, title, width, name, t, footer } = props;
  const styles = props.scrollBody ? { body: SCROLLING_BODY } : props.styles;
  const { open, saving, onClose } = state;
  const formId = formIdOf(name);
  const defaultFooter = footer === undefined;
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      okText={defaultFooter ? t?.('save') : undefined}
      cancelText={defaultFooter ? t?.('close') : undefined}
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
        onValuesChange={props.onValuesChange}
        disabled={saving}
      >
        {props.children}
      </Form>
      {props.after}
    </Modal>
  );
}
