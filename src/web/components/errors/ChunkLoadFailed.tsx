/**
 * Shown in place of a page whose code chunk could not be downloaded (spec §8), so the user sees
 * what happened and can reload instead of a blank page.
 */
import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTexts } from '../../i18n/context';
import { ERROR_PAGES_TEXT } from './errorText';

/** Props of {@link ChunkLoadFailed}. */
export interface ChunkLoadFailedProps {
  /** Called by the Reload button; defaults to reloading the page. */
  onReload?: () => void;
}

/** The 'Loading chunk failed (ChunkLoadError)' alert with a Reload button. */
export function ChunkLoadFailed({
  onReload = () => window.location.reload(),
}: ChunkLoadFailedProps) {
  const T = useTexts('errorPages', ERROR_PAGES_TEXT).chunk;
  return (
    <Alert
      type="error"
      showIcon
      title={T.title}
      description={T.description}
      action={
        <Button icon={<ReloadOutlined />} onClick={onReload}>
          {T.reload}
        </Button>
      }
    />
  );
}
