import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import { endSessionOn401 } from '../../../main/core/clients/session-expiry';

function tokens(token: string | null) {
  const state = { token, fired: [] as string[] };
  return {
    state,
    options: {
      tokens: {
        getToken: () => state.token,
        clearToken: () => void (state.token = null),
        getOrganizationId: () => null,
      },
      onUnauthorized: (message: string) => void state.fired.push(message),
    },
  };
}

describe('endSessionOn401: the one 401 rule', () => {
  it('a 401 on a call that carried the stored token clears it and fires onUnauthorized once', () => {
    const { state, options } = tokens('t1');
    expect(endSessionOn401(options, 401, 't1')).toBe(true);
    expect(state).toEqual({ token: null, fired: [ERRORS.authRequired] });
  });

  it('other statuses, and a 401 on a call without a token, change nothing', () => {
    const { state, options } = tokens('t1');
    expect(endSessionOn401(options, 403, 't1')).toBe(false);
    expect(endSessionOn401(options, 200, 't1')).toBe(false);
    expect(endSessionOn401(options, 401, null)).toBe(false);
    expect(state).toEqual({ token: 't1', fired: [] });
  });

  it('a 401 for a token replaced meanwhile (a new sign-in) ends the call, not the new session', () => {
    const { state, options } = tokens('t2');
    expect(endSessionOn401(options, 401, 't1')).toBe(true);
    expect(state).toEqual({ token: 't2', fired: [] });
  });
});
