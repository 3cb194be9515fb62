import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SaveDialog, SaveProgress, SaveSource } from './save-dialog';
import { counted } from './save-dialog';

/**
 * Streams a file to `filePath` through `<filePath>.part`, renamed at the end: a failed download leaves
 * neither a half file nor a damaged earlier one.
 */
export async function writeToFile(
  filePath: string,
  source: SaveSource,
  onProgress: SaveProgress,
): Promise<void> {
  const partial = `${filePath}.part`;
  try {
    await pipeline(Readable.from(counted(await source.open(), onProgress)), createWriteStream(partial));
    await rename(partial, filePath);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** What the Electron host's dialog answers (Electron's SaveDialogReturnValue, the parts we use). */
export interface AskedPath {
  canceled: boolean;
  filePath?: string;
}

/**
 * A SaveDialog over any "ask for a path" function: the Electron host passes dialog.showSaveDialog.
 * The file is written only to the path the dialog answered.
 */
export function createPathSaveDialog(
  askPath: (suggestedName: string) => Promise<AskedPath>,
  basename: (filePath: string) => string,
): SaveDialog {
  return {
    async save(source, onProgress) {
      const answer = await askPath(source.fileName);
      if (answer.canceled || !answer.filePath) return { status: 'cancelled' };
      await writeToFile(answer.filePath, source, onProgress);
      return { status: 'saved', fileName: basename(answer.filePath) };
    },
  };
}
