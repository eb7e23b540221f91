export { CronTriggerModal, type CronTriggerModalProps } from './CronTriggerModal';
export { CronCheckPanel } from './CronCheckPanel';
export { useCronCheck, type CronCheckState } from './useCronCheck';
export { CronTriggerList, type CronTriggerAddon, type CronTriggerListProps } from './CronTriggerList';
export { PathPickerButton, type PathPickerButtonProps } from './PathPickerButton';
export { SelectPathModal, type SelectPathModalProps } from './SelectPathModal';
export { FilenameValidatorModal, type FilenameValidatorModalProps } from './FilenameValidatorModal';
export { useJobConnectionTest, type JobConnectionTest } from './useJobConnectionTest';
