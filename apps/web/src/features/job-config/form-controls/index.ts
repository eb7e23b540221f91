export { YesNoSwitch, type YesNo, type YesNoSwitchProps } from './YesNoSwitch';
export { TrueFalseCheckbox, type TrueFalse, type TrueFalseCheckboxProps } from './TrueFalseCheckbox';
export { PipeListInput, type PipeListInputProps } from './PipeListInput';
export { LockedInput, type LockedInputProps } from './LockedInput';
export {
  EmailNotificationSection,
  EmailNotificationSections,
  type EmailKind,
  type EmailNotificationSectionProps,
} from './EmailNotificationSection';
export { ServerSelect, type ServerSelectProps } from './ServerSelect';
export { useJobServerOptions, type JobServerOptions } from './useJobServerOptions';
export type { ServerOption } from './server-options-api';
export {
  addToPipeList,
  joinPipeList,
  normalisePipeList,
  removeFromPipeList,
  splitPipeList,
} from './pipe-list';
