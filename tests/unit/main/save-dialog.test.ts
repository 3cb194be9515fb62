import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, Dialog } from 'electron';
import { textSource, type SaveSource } from '../../../main/core/save/save-dialog';
import { createElectronSaveDialog } from '../../../main/electron/save-dialog';
import { makeTempDir } from './temp-dir';

/** The Electron SaveDialog against a stand-in dialog: it writes only where the dialog answered. */
let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir('console-save-');
});
afterEach(() => temp.remove());

function dialogAnswering(answer: { canceled: boolean; filePath?: string }) {
  const showSaveDialog = vi.fn(async (..._args: unknown[]) => answer);
  return { dialog: { showSaveDialog } as unknown as Pick<Dialog, 'showSaveDialog'>, showSaveDialog };
}

const parent = {} as BrowserWindow;

describe('Electron save dialog', () => {
  it('offers the file name in the downloads folder, on the window, and writes where it answered', async () => {
    const target = path.join(temp.dir, 'picked.csv');
    const { dialog, showSaveDialog } = dialogAnswering({ canceled: false, filePath: target });
    const save = createElectronSaveDialog(
      dialog,
      () => parent,
      () => '/home/me/Downloads',
    );
    const progress: [number, boolean][] = [];
    const outcome = await save.save(textSource('audit-logs.csv', 'a,b\r\n'), (b, d) => progress.push([b, d]));
    expect(outcome).toEqual({ status: 'saved', fileName: 'picked.csv' });
    expect(showSaveDialog).toHaveBeenCalledWith(parent, { defaultPath: '/home/me/Downloads/audit-logs.csv' });
    expect(readFileSync(target, 'utf8')).toBe('a,b\r\n');
    expect(progress.at(-1)).toEqual([5, true]);
  });

  it('cancel is an outcome, not an error, and opens nothing', async () => {
    const { dialog } = dialogAnswering({ canceled: true });
    const open = vi.fn();
    const save = createElectronSaveDialog(
      dialog,
      () => null,
      () => temp.dir,
    );
    const source: SaveSource = { fileName: 'x.csv', rows: null, open };
    expect(await save.save(source, () => undefined)).toEqual({ status: 'cancelled' });
    expect(open).not.toHaveBeenCalled();
  });

  it('a download failing midway leaves no file and no partial file', async () => {
    const target = path.join(temp.dir, 'broken.csv');
    const { dialog } = dialogAnswering({ canceled: false, filePath: target });
    const save = createElectronSaveDialog(
      dialog,
      () => null,
      () => temp.dir,
    );
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode('first,row\r\n');
      throw new Error('connection lost');
    }
    const source: SaveSource = { fileName: 'broken.csv', rows: 2, open: async () => failing() };
    await expect(save.save(source, () => undefined)).rejects.toThrow('connection lost');
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(temp.dir)).toEqual([]);
  });
});
