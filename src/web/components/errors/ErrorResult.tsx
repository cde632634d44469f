/**
 * An error screen (title, detail, actions) as antd's `Result` shows it. `Result` carries its
 * illustrations, so it is a lazy chunk: the same texts and actions show in plain
 * markup until it arrives, and stay if it cannot be downloaded (the network may be what failed).
 */
import { lazy, Suspense } from 'react';
import { theme } from 'antd';
import type { ErrorResultProps } from './AntErrorResult';
import { ErrorBoundary } from './ErrorBoundary';

export type { ErrorResultProps } from './AntErrorResult';

const AntErrorResult = lazy(
  () => import(/* webpackChunkName: "error-result" */ './AntErrorResult'),
);

/** The texts and actions without antd's Result. */
function PlainErrorResult({ title, subTitle, extra }: ErrorResultProps) {
  const { token } = theme.useToken();
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ fontSize: 24, lineHeight: 1.33, marginBottom: 8 }}>{title}</div>
      {subTitle && <div style={{ color: token.colorTextSecondary, fontSize: 14 }}>{subTitle}</div>}
      {extra && <div style={{ marginTop: 24 }}>{extra}</div>}
    </div>
  );
}

/** An error screen: antd's `Result` (status error) once loaded, plain markup before. */
export function ErrorResult(props: ErrorResultProps) {
  const plain = <PlainErrorResult {...props} />;
  return (
    <ErrorBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <AntErrorResult {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
