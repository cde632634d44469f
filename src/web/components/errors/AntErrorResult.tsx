/**
 * antd's `Result` with status error: the lazy part of {@link ErrorResult}.
 */
import type { ReactNode } from 'react';
import { Result } from 'antd';

/** Props of the error screen: its title, detail and actions (e.g. a Reload button). */
export interface ErrorResultProps {
  title: string;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/** `Result` status error with the given texts and actions. */
export default function AntErrorResult({ title, subTitle, extra }: ErrorResultProps) {
  return <Result status="error" title={title} subTitle={subTitle} extra={extra} />;
}
