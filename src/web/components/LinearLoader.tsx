/**
 * A thin animated bar that says "loading" without taking room (app-level auth progress, the
 * pricing list while empty).
 */
import { Progress } from 'antd';

/** Props of {@link LinearLoader}. */
export interface LinearLoaderProps {
  /** Accessible name of the bar; default 'Loading'. */
  label?: string;
}

/** An indeterminate-looking linear progress bar. */
export function LinearLoader({ label = 'Loading' }: LinearLoaderProps) {
  return (
    <Progress
      percent={100}
      status="active"
      showInfo={false}
      size="small"
      aria-label={label}
      style={{ margin: 0, lineHeight: 0 }}
    />
  );
}
