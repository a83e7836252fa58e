/**
 * A screen's code is downloaded when it is first opened (React.lazy). When the server cannot be
 * reached at that moment the import fails, and React keeps that failure: only a reload tries the
 * download again. Browsers word the failure differently; these are their messages.
 */
const CHUNK_LOAD_FAILURES = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite's CSS preload
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    CHUNK_LOAD_FAILURES.some((pattern) => pattern.test(error.message))
  );
}

/** The only way to retry a failed lazy import. */
export function reloadPage(): void {
  window.location.reload();
}
