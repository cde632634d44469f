/**
 * Recognises a lazy chunk that failed to load (spec §8 "Chunk load failure"): webpack rejects
 * the import with a `ChunkLoadError` after a network failure or the 120 s chunkLoadTimeout. The
 * message shown for it is components/errors/errorText.ts's `chunk.title`.
 */

/** True when `error` is webpack's ChunkLoadError (or a dynamic import that could not fetch). */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    (/Loading (CSS )?chunk [\w-]+ failed/i.test(message) ||
      /Failed to fetch dynamically imported module/i.test(message))
  );
}
