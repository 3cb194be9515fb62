import type { SaveOutcome } from '../../../shared/bridge/contract';

/** A file's bytes, opened only once the user has chosen where they go (a download starts then). */
export interface SaveSource {
  fileName: string;
  /** Rows of an export, when known (progress). */
  rows: number | null;
  open(): Promise<AsyncIterable<Uint8Array>>;
}

export interface SaveProgress {
  (bytes: number, done: boolean): void;
}

/**
 * Where a file goes: the Electron host asks with the native save dialog and writes only to the path it
 * answers; the browser host turns the file into a download for the page. The renderer never names a path.
 */
export interface SaveDialog {
  save(source: SaveSource, onProgress: SaveProgress): Promise<SaveOutcome>;
}

/** Text as a source of bytes. */
export function textSource(fileName: string, content: string): SaveSource {
  return {
    fileName,
    rows: null,
    open: async () => once(new TextEncoder().encode(content)),
  };
}

/** Counts the bytes of a stream as they pass, reporting at most every `everyBytes`. */
export async function* counted(
  chunks: AsyncIterable<Uint8Array>,
  onProgress: SaveProgress,
  everyBytes = 256 * 1024,
): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  let reported = 0;
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    if (bytes - reported >= everyBytes) {
      reported = bytes;
      onProgress(bytes, false);
    }
    yield chunk;
  }
  onProgress(bytes, true);
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}
