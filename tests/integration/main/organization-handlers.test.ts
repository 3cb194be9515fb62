import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childcareEndpoints } from '../../../shared/api/childcare';
import { authEndpoints } from '../../../shared/api/auth';
import type { BridgeResult } from '../../../shared/bridge/contract';
import { ERRORS } from '../../../shared/errors';
import type { BridgeEventMessage } from '../../../main/core/bridge/events';
import { handle } from '../../../main/core/bridge/handle';
import { readConfig } from '../../../main/core/config';
import { startConsoleCore, type ConsoleCore } from '../../../main/core/console-core';
import { createMemoryLogger } from '../../../main/core/logger';
import { memoryKeyValue, openFileKeyEncryptor, type KeyValue } from '../../../main/core/store';
import { makeTempDir } from '../../unit/main/temp-dir';
import { json, startFakeServer, type FakeRoute, type SeenRequest } from './fake-server';

/**
 * The organization channels (hand-written orgs:* and forwarded organizations.*) through the dispatcher, against a node:http server answering the contract's
 * envelopes: what the main process stores, which header it sends, which failures reach the caller.
 */
const summary = (id: string, name: string) => ({
  id,
  name,
  slug: id,
  plan: 'starter',
  status: 'active',
  type: 'center',
  createdAt: '2026-01-02T00:00:00.000Z',
  memberCount: 2,
});
const ORGS = [summary('org-1', 'Sunshine Early Learning'), summary('org-2', 'Maple Kids')];
const member = (userId: string, role: string) => ({
  id: `m-${userId}`,
  userId,
  user: { name: userId, email: `${userId}@demo.example` },
  role,
  status: 'active',
  joinedAt: '2026-01-02T00:00:00.000Z',
  lastActiveAt: null,
});
const ok =
  (data: unknown): FakeRoute =>
  (_req, res) =>
    json(res, 200, { success: true, data });
const refuse =
  (status: number, message: string): FakeRoute =>
  (_req, res) =>
    json(res, status, { success: false, message });

let fake: Awaited<ReturnType<typeof startFakeServer>>;
let temp: ReturnType<typeof makeTempDir>;
let kv: KeyValue;
let core: ConsoleCore;
let logger: ReturnType<typeof createMemoryLogger>;
let pushed: BridgeEventMessage[];

async function makeCore(): Promise<ConsoleCore> {
  logger = createMemoryLogger();
  const made = await startConsoleCore({
    host: 'browser',
    version: '1.0.0',
    config: readConfig({ CONSOLE_GATEWAY_URL: fake.url }),
    kv,
    encryptor: openFileKeyEncryptor(`${temp.dir}/token.key`, logger),
    dataDir: temp.dir,
    logger,
  });
  pushed = [];
  made.events.subscribe((message) => pushed.push(message));
  made.store.setToken('token-1');
  return made;
}

beforeEach(async () => {
  fake = await startFakeServer({
    'GET /organizations/user': ok(ORGS),
    'GET /organizations/org-1/context': ok({
      organizationId: 'org-1',
      role: 'owner',
      permissions: ['organization:read'],
      isOwner: true,
      isAdmin: false,
    }),
    'GET /organizations/org-1/members': ok([member('owner-1', 'owner'), member('u-2', 'viewer')]),
    'PATCH /organizations/org-1/members/u-2': ok({ ...member('u-2', 'viewer'), role: 'manager' }),
    'DELETE /organizations/org-1/members/owner-1': refuse(400, 'The owner cannot be removed'),
    'POST /organizations/org-1/invites': refuse(409, 'new@demo.example is already invited'),
    'GET /organizations/org-1/stats': refuse(500, 'Stats are down'),
    [`GET ${childcareEndpoints.listChildren.path}`]: ok([]),
    [`GET ${authEndpoints.test.path}`]: ok({ status: 'ok' }),
  });
  temp = makeTempDir();
  kv = memoryKeyValue();
  core = await makeCore();
});
afterEach(async () => {
  await core.close();
  await fake.close();
  temp.remove();
});

function call(channel: string, input?: unknown): Promise<BridgeResult<unknown>> {
  return handle({ handlers: core.handlers, logger, isTrustedSender: () => true }, channel, input, null);
}
const lastTo = (path: string): SeenRequest | undefined =>
  fake.requests.filter((r) => r.url.split('?')[0] === path).at(-1);

describe('organization channels', () => {
  it('organizations.list answers the organizations of the user', async () => {
    expect(await call('organizations.list')).toEqual({ ok: true, value: ORGS });
    expect(lastTo('/organizations/user')?.headers.authorization).toBe('Bearer token-1');
  });

  it('orgs:current picks and stores the first organization when none is stored', async () => {
    expect(await call('orgs:current')).toEqual({ ok: true, value: { organizationId: 'org-1' } });
    expect(core.store.getOrganizationId()).toBe('org-1');
  });

  it('orgs:current keeps a stored organization the user still has, and drops one they lost', async () => {
    core.store.setOrganizationId('org-2');
    expect(await call('orgs:current')).toEqual({ ok: true, value: { organizationId: 'org-2' } });
    core.store.setOrganizationId('org-gone');
    expect(await call('orgs:current')).toEqual({ ok: true, value: { organizationId: 'org-1' } });
    expect(core.store.getOrganizationId()).toBe('org-1');
  });

  it('orgs:switch stores the id, survives a new core on the same store, and tells every window', async () => {
    expect(await call('orgs:switch', { organizationId: 'org-2' })).toEqual({
      ok: true,
      value: { organizationId: 'org-2' },
    });
    expect(pushed).toEqual([{ event: 'orgs:switched', payload: { organizationId: 'org-2' } }]);
    // Client A names the stored organization from now on.
    await call('organizations.list');
    expect(lastTo('/organizations/user')?.headers['x-organization-id']).toBe('org-2');

    // A restart (sign-out included) keeps the choice.
    await call('auth:logout');
    await core.close();
    core = await makeCore();
    expect(await call('orgs:current')).toEqual({ ok: true, value: { organizationId: 'org-2' } });
  });

  it('orgs:switch to an organization the user does not have fails with "Organization not found"', async () => {
    core.store.setOrganizationId('org-1');
    expect(await call('orgs:switch', { organizationId: 'org-9' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: ERRORS.organizationNotFound },
    });
    expect(core.store.getOrganizationId()).toBe('org-1');
    expect(pushed).toEqual([]);
  });

  it('reads context and members of the organization named in the call', async () => {
    expect(await call('organizations.context', { params: { id: 'org-1' } })).toMatchObject({
      ok: true,
      value: { organizationId: 'org-1', isOwner: true },
    });
    const members = await call('organizations.members', { params: { id: 'org-1' } });
    expect(members.ok && (members.value as unknown[]).length).toBe(2);
  });

  it('a failed load answers the server message, its code and status (the renderer logs it)', async () => {
    expect(await call('organizations.stats', { params: { id: 'org-1' } })).toEqual({
      ok: false,
      error: { code: 'UNAVAILABLE', message: 'Stats are down', status: 500 },
    });
  });

  it('changes reach the server with their body; refusals come back with the server message', async () => {
    expect(
      await call('organizations.updateMember', {
        params: { id: 'org-1', userId: 'u-2' },
        body: { role: 'manager' },
      }),
    ).toMatchObject({ ok: true, value: { role: 'manager' } });
    expect(JSON.parse(lastTo('/organizations/org-1/members/u-2')!.body.toString())).toEqual({
      role: 'manager',
    });
    expect(await call('organizations.removeMember', { params: { id: 'org-1', userId: 'owner-1' } })).toEqual({
      ok: false,
      error: { code: 'INVALID', message: 'The owner cannot be removed', status: 400 },
    });
    expect(
      await call('organizations.invite', {
        params: { id: 'org-1' },
        body: { email: 'new@demo.example', role: 'viewer' },
      }),
    ).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'new@demo.example is already invited', status: 409 },
    });
    expect(JSON.parse(lastTo('/organizations/org-1/invites')!.body.toString())).toEqual({
      email: 'new@demo.example',
      role: 'viewer',
    });
  });
});

describe('Client B and the current organization', () => {
  it('sends X-Organization-Id on tenant calls only', async () => {
    core.store.setOrganizationId('org-2');
    expect(await core.gateway.request(childcareEndpoints.listChildren)).toEqual({ success: true, data: [] });
    expect(lastTo(childcareEndpoints.listChildren.path)?.headers['x-organization-id']).toBe('org-2');
    await core.gateway.test();
    expect(lastTo(authEndpoints.test.path)?.headers['x-organization-id']).toBeUndefined();
  });
});
