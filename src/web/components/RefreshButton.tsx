/**
 * The Refresh button of spec §2 "Page conventions": an icon button with loading and disabled
 * states.
 */
import { Button, type ButtonProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { COMMON_TEXT } from './commonText';
import { useTexts } from '../i18n/context';

/** Props of {@link RefreshButton}. */
export interface RefreshButtonProps {
  /** Starts the refresh. */
  onClick: () => void;
  /** Shows a spinner and ignores clicks while a refresh runs. */
  loading?: boolean;
  /** Greys the button out. */
  disabled?: boolean;
  /** Button text; default 'Refresh'. */
  label?: string;
  /** antd size; default 'middle'. */
  size?: ButtonProps['size'];
}

/** A button with the reload icon that reflects loading and disabled states. */
export function RefreshButton({
  onClick,
  loading = false,
  disabled = false,
  label,
  size,
}: RefreshButtonProps) {
  const text = useTexts('common', COMMON_TEXT);
  return (
    <Button
      icon={<ReloadOutlined />}
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      size={size}
      aria-busy={loading}
    >
      {label ?? text.refresh}
    </Button>
  );
}
