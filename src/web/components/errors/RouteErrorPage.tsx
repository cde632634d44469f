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

/** The title of the render error page (spec §2, §8). */
export const UNEXPECTED_ERROR_TEXT = 'Unexpected Application Error!';

function describe(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return undefined;
}

/** Renders the error caught by the router for the failed route. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkLoadFailed />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const detail = describe(error);
  return (
    <ErrorResult
      title={UNEXPECTED_ERROR_TEXT}
      subTitle={detail && <Text type="secondary">{detail}</Text>}
      extra={
        // A full page load: it leaves the failed render's state behind.
        <Button type="primary" href="/">
          Back to home
        </Button>
      }
    />
  );
}
