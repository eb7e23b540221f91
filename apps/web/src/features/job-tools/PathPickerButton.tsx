import { Button } from 'antd';

export interface PathPickerButtonProps {
  companyCode: string;
  sftpServerId: string;
  sid?: string;
  onPick: (path: string) => void;
  disabled?: boolean;
}

/** Opens the Select Path modal (or warns that the sFTP server must be chosen first). */
export function PathPickerButton({ disabled }: PathPickerButtonProps) {
  return <Button disabled={disabled}>...</Button>;
}
