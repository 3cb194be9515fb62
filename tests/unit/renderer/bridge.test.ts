import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeCallError, hasErrorCode, type BridgeResult } from '../../../shared/bridge/contract';
import { call } from '../../../renderer/lib/bridge';

/**
 * The page's side of a call: window.consoleApi resolves with the BridgeResult as data (in Electron a
 * structured clone made by contextBridge, which would keep only a thrown Error's message), and call()
 * turns a failure into a BridgeCallError carrying the code and the HTTP status.
 */
function pageWith(answer: BridgeResult<unknown>) {
  const seen: unknown[][] = [];
  const fn = async (...args: unknown[]) => (seen.push(args), structuredClone(answer));
  vi.stubGlobal('window', { consoleApi: new Proxy({}, { get: () => fn }) });
  return seen;
}
afterEach(() => vi.unstubAllGlobals());

describe('renderer/lib/bridge call()', () => {
  it('answers the value of a successful call, sending its one input', async () => {
    const seen = pageWith({ ok: true, value: [{ id: 'r1' }] });
    await expect(call('roles.listRoles')).resolves.toEqual([{ id: 'r1' }]);
    await call('roles.deleteRole', { params: { id: 'r1' } });
    expect(seen).toEqual([[], [{ params: { id: 'r1' } }]]);
  });

  it('rejects with a BridgeCallError: a 409 is told from a 403 by its code', async () => {
    pageWith({
      ok: false,
      error: { code: 'CONFLICT', message: 'A role with this name already exists', status: 409 },
    });
    const conflict = await call('roles.createRole', { body: { name: 'Crew' } }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(BridgeCallError);
    expect(conflict).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: 'A role with this name already exists',
    });
    expect(hasErrorCode(conflict, 'CONFLICT')).toBe(true);

    pageWith({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'You do not have the permission roles.manage', status: 403 },
    });
    const forbidden = await call('roles.createRole', { body: { name: 'Crew' } }).catch((e: unknown) => e);
    expect(forbidden).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(hasErrorCode(forbidden, 'CONFLICT')).toBe(false);
  });

  it('a failure without a status (the bridge refused the input) has none', async () => {
    pageWith({
      ok: false,
      error: { code: 'INVALID', message: 'Invalid input: body.csv: The file is empty' },
    });
    const error = await call('business.importCosts', { body: { csv: '' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'INVALID',
      status: undefined,
      message: 'Invalid input: body.csv: The file is empty',
    });
  });

  it('without a bridge, rejects with a plain explanation', async () => {
    vi.stubGlobal('window', {});
    await expect(call('app:info')).rejects.toThrow(/console bridge is not available/);
  });
});
