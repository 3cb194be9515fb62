import { describe, expect, it } from 'vitest';
import type { AttendanceRecord, Child } from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { testDatabases } from '../../../support/databases';
import { bearer, call } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const HOUR = 3_600_000;

describe.each(testDatabases)('childcare (Client B) on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  const as = (token: string, org: string) => ({ ...bearer(token), 'x-organization-id': org });
  const get = (url: string, token: string, org: string) =>
    call(suite.app, { method: 'GET', url, headers: as(token, org) });
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    org: string,
    payload?: object,
  ) => call(suite.app, { method, url, headers: as(token, org), ...(payload ? { payload } : {}) });
  const attend = (token: string, childId: string, action: 'check_in' | 'check_out', at?: number) =>
    send('POST', '/attendance', token, f.orgA, {
      childId,
      action,
      ...(at !== undefined ? { at: new Date(at).toISOString() } : {}),
    });

  it("creates, lists, reads, changes and deletes children of the header's organization only", async () => {
    const created = await send('POST', '/children', f.a.manager.token, f.orgA, {
      firstName: 'Nina',
      lastName: 'Okafor',
      dateOfBirth: '2022-02-03',
      classroom: 'Twos',
      guardianEmail: 'parent@test.example',
    });
    expect(created.status).toBe(200);
    const child = created.body.data as Child;
    expect(child).toMatchObject({
      organizationId: f.orgA,
      status: 'enrolled',
      classroom: 'Twos',
      guardianName: null,
    });
    expect(created.body).not.toHaveProperty('message');

    const listA = (await get('/children', f.a.viewer.token, f.orgA)).body.data as Child[];
    expect(listA.map((c) => c.id).sort()).toEqual([f.childA, child.id].sort());
    const listB = (await get('/children', f.b.viewer.token, f.orgB)).body.data as Child[];
    expect(listB.map((c) => c.id)).toEqual([f.childB]);

    expect((await get(`/children/${child.id}`, f.a.viewer.token, f.orgA)).body.data).toEqual(child);
    const elsewhere = await get(`/children/${child.id}`, f.b.owner.token, f.orgB);
    expect(elsewhere).toMatchObject({ status: 404, body: { success: false, error: ERRORS.childNotFound } });

    const updated = await send('PUT', `/children/${child.id}`, f.a.manager.token, f.orgA, {
      firstName: 'Nina',
      lastName: 'Okafor-Lee',
      dateOfBirth: '2022-02-03',
      status: 'withdrawn',
    });
    expect(updated.body.data).toMatchObject({ lastName: 'Okafor-Lee', status: 'withdrawn', classroom: null });

    const viewer = await send('POST', '/children', f.a.viewer.token, f.orgA, {
      firstName: 'X',
      lastName: 'Y',
      dateOfBirth: '2022-01-01',
    });
    expect(viewer).toMatchObject({
      status: 403,
      body: { error: formatError(ERRORS.tenantForbidden, { action: 'manage children' }) },
    });
    const operator = await send('DELETE', `/children/${child.id}`, f.a.operator.token, f.orgA);
    expect(operator.status).toBe(403);

    const deleted = await send('DELETE', `/children/${child.id}`, f.a.owner.token, f.orgA);
    expect(deleted).toMatchObject({ status: 200, body: { data: { deleted: true } } });
    const again = await send('DELETE', `/children/${child.id}`, f.a.owner.token, f.orgA);
    expect(again).toMatchObject({ status: 404, body: { error: ERRORS.childNotFound } });
    const invalid = await send('POST', '/children', f.a.owner.token, f.orgA, {
      firstName: '',
      lastName: 'Z',
    });
    expect(invalid.status).toBe(400);
  });

  it('checks in and out, with every refusal of the rules', async () => {
    const now = clock.now();
    const future = await attend(f.a.operator.token, f.childA, 'check_in', now + 60_000);
    expect(future).toMatchObject({ status: 400, body: { error: ERRORS.futureTime } });
    const notIn = await attend(f.a.operator.token, f.childA, 'check_out');
    expect(notIn).toMatchObject({ status: 400, body: { error: ERRORS.notCheckedIn } });
    const otherOrg = await attend(f.a.operator.token, f.childB, 'check_in');
    expect(otherOrg).toMatchObject({ status: 400, body: { error: ERRORS.childNotFound } });

    const checkedIn = await attend(f.a.operator.token, f.childA, 'check_in', now - 2 * HOUR);
    expect(checkedIn.status).toBe(200);
    const record = checkedIn.body.data as AttendanceRecord;
    expect(record).toMatchObject({
      organizationId: f.orgA,
      childId: f.childA,
      date: new Date(now).toISOString().slice(0, 10),
      checkOutAt: null,
    });
    const twice = await attend(f.a.operator.token, f.childA, 'check_in');
    expect(twice).toMatchObject({ status: 409, body: { error: ERRORS.alreadyCheckedIn } });
    const early = await attend(f.a.operator.token, f.childA, 'check_out', now - 3 * HOUR);
    expect(early).toMatchObject({ status: 400, body: { error: ERRORS.checkOutBeforeCheckIn } });

    const today = (await get('/attendance/today', f.a.viewer.token, f.orgA)).body.data as AttendanceRecord[];
    expect(today.map((r) => r.id)).toEqual([record.id]);
    const stats = await get('/dashboard/stats', f.a.viewer.token, f.orgA);
    expect(stats.body.data).toEqual({
      organizationId: f.orgA,
      childrenEnrolled: 1,
      presentToday: 1,
      attendanceRate: 100,
      staff: 5,
    });

    const out = await attend(f.a.operator.token, f.childA, 'check_out');
    expect(out.body.data).toMatchObject({ id: record.id, checkOutAt: new Date(now).toISOString() });

    const viewer = await attend(f.a.viewer.token, f.childA, 'check_in');
    expect(viewer).toMatchObject({
      status: 403,
      body: { error: formatError(ERRORS.tenantForbidden, { action: 'manage attendance' }) },
    });

    const all = (await get('/attendance', f.a.viewer.token, f.orgA)).body.data as AttendanceRecord[];
    expect(all).toHaveLength(2);
    expect(all[0]?.id).toBe(record.id);
    const yesterday = new Date(now - 24 * HOUR).toISOString().slice(0, 10);
    const ranged = await get(
      `/attendance?from=${yesterday}&to=${yesterday}&limit=5`,
      f.a.viewer.token,
      f.orgA,
    );
    expect((ranged.body.data as AttendanceRecord[]).map((r) => r.date)).toEqual([yesterday]);
    const byOtherChild = await get(`/attendance?childId=${f.childB}`, f.a.viewer.token, f.orgA);
    expect(byOtherChild.body.data).toEqual([]);
  });

  it('lets only one of two racing check-ins through', async () => {
    const child = await send('POST', '/children', f.a.owner.token, f.orgA, {
      firstName: 'Race',
      lastName: 'Condition',
      dateOfBirth: '2022-01-01',
    });
    const childId = (child.body.data as Child).id;
    const results = await Promise.all([
      attend(f.a.owner.token, childId, 'check_in'),
      attend(f.a.admin.token, childId, 'check_in'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    await send('DELETE', `/children/${childId}`, f.a.owner.token, f.orgA);
  });

  it('answers dashboard stats with a one-decimal rate, 0 without children', async () => {
    for (const n of [1, 2]) {
      await send('POST', '/children', f.b.owner.token, f.orgB, {
        firstName: `Kid${n}`,
        lastName: 'B',
        dateOfBirth: '2021-01-01',
      });
    }
    const stats = await get('/dashboard/stats', f.b.viewer.token, f.orgB);
    expect(stats.body.data).toEqual({
      organizationId: f.orgB,
      childrenEnrolled: 3,
      presentToday: 0,
      attendanceRate: 0,
      staff: 2,
    });
    await send('POST', '/attendance', f.b.owner.token, f.orgB, { childId: f.childB, action: 'check_in' });
    const after = await get('/dashboard/stats', f.b.viewer.token, f.orgB);
    expect(after.body.data).toMatchObject({ presentToday: 1, attendanceRate: 33.3 });
  });
});
