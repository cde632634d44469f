/**
 * Shown in place of a page whose code chunk could not be downloaded (spec §8), so the user sees
 * what happened and can reload instead of a blank page.
 */
import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { CHUNK_LOAD_FAILED_TEXT } from '../../lib/chunkLoadError';

/** Props of {@link ChunkLoadFailed}. */
export interface ChunkLoadFailedProps {
  /** Called by the Reload button; defaults to reloading the page. */
  onReload?: () => void;
}

/** The 'Loading chunk failed (ChunkLoadError)' alert with a Reload button. */
export function ChunkLoadFailed({
  onReload = () => window.location.reload(),
}: ChunkLoadFailedProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={CHUNK_LOAD_FAILED_TEXT}
      description="Part of the application could not be downloaded: the network failed or a new version was just published. Reload the page to try again."
      action={
        <Button icon={<ReloadOutlined />} onClick={onReload}>
          Reload
        </Button>
      }
    />
  );
}
