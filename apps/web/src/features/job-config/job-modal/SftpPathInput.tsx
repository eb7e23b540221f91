import { Flex, Input } from 'antd';
import { PathPickerButton } from '../../job-tools';

export interface SftpPathInputProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  companyCode: string;
  sftpServerId: string;
  'aria-label'?: string;
}

/** A remote path typed in, or chosen on the server's folder tree with the path-picker button. */
export function SftpPathInput({
  value,
  onChange,
  id,
  companyCode,
  sftpServerId,
  'aria-label': ariaLabel,
}: SftpPathInputProps) {
  return (
    <Flex gap={4}>
      <Input
        id={id}
        aria-label={ariaLabel}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <PathPickerButton
        companyCode={companyCode}
        sftpServerId={sftpServerId}
        onPick={(path) => onChange?.(path)}
      />
    </Flex>
  );
}
