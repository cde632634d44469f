/**
 * The router's error element: a lazy chunk that failed to load, an unknown route, or any render
 * error ('Unexpected Application Error!', spec §8).
 */
import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '../../lib/chunkLoadError';
import { NotFound } from './NotFound';
import { ChunkLoadFailed } from './ChunkLoadFailed';
import { ErrorResult } from './ErrorResult';
import { Text } from '../typography';
import { useTexts } from '../../i18n/context';
import { ERROR_PAGES_TEXT } from './errorText';

function describe(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return undefined;
}

/** Renders the error caught by the router for the failed route. */
export function RouteErrorPage() {
  const error = useRouteError();
  const T = useTexts('errorPages', ERROR_PAGES_TEXT).unexpected;
  if (isChunkLoadError(error)) return <ChunkLoadFailed />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const detail = describe(error);
  return (
    <ErrorResult
      title={T.title}
      subTitle={detail && <Text type="secondary">{detail}</Text>}
      extra={
        // A full page load: it leaves the failed render's state behind.
        <Button type="primary" href="/">
          {T.back}
        </Button>
      }
    />
  );
}
