/**
 * Role Verification's example API checks (part 2 §7) work as printed: the commands the screen renders
 * (apiCheckCommands, the screen's own source) are run with curl, word for word, against a real server on
 * loopback, with $TOKEN set to a real session token. The checklist's outcome holds: a center admin is
 * refused the centers list and allowed the center analytics.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../../shared/api/auth';
import {
  apiCheckCommands,
  apiCommand,
  type ApiBases,
} from '../../../../renderer/features/role-verification/commands';
import { testDatabases } from '../../../support/databases';
import type { Envelope } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const run = promisify(execFile);

/** The printed text through a shell, as a person would paste it; the answer's body is the envelope. */
async function runPrinted(text: string, token: string, launchSecret = ''): Promise<Envelope> {
  const { stdout } = await run('sh', ['-c', text], {
    env: { ...process.env, TOKEN: token, CONSOLE_LAUNCH_SECRET: launchSecret },
  });
  return JSON.parse(stdout) as Envelope;
}

describe.each(testDatabases)('Role Verification API checks on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { f } = suite;
  let bases: ApiBases;

  beforeAll(async () => {
    const base = await suite.app.listen({ host: '127.0.0.1', port: 0 });
    // The embedded server answers both clients on one address; the commands keep them apart all the same.
    bases = { gatewayUrl: `${base}/`, organizationApiUrl: base };
  });

  it('prints GET requests with the bearer token to the organizations of the user, the centers and center analytics', () => {
    const commands = apiCheckCommands(bases, f.orgA);
    expect(commands.map((c) => c.text)).toEqual([
      `curl -H "Authorization: Bearer $TOKEN" ${bases.organizationApiUrl}/organizations/user`,
      `curl -H "Authorization: Bearer $TOKEN" ${bases.organizationApiUrl}/centers`,
      `curl -H "Authorization: Bearer $TOKEN" ${bases.organizationApiUrl}/centers/${f.orgA}/analytics`,
    ]);
    expect(commands.every((c) => c.method === 'GET')).toBe(true);
    expect(apiCheckCommands(bases, null)).toHaveLength(2);
  });

  it('every command works as printed for a super admin', async () => {
    const [organizations, centers, analytics] = await Promise.all(
      apiCheckCommands(bases, f.orgA).map((c) => runPrinted(c.text, f.platformAdmin.token)),
    );
    expect(organizations).toMatchObject({ success: true });
    expect((organizations!.data as { id: string }[]).map((o) => o.id)).toEqual(
      expect.arrayContaining([f.orgA, f.orgB]),
    );
    expect(centers).toMatchObject({ success: true });
    expect((centers!.data as { id: string }[]).map((c) => c.id)).toEqual(
      expect.arrayContaining([f.orgA, f.orgB]),
    );
    expect(analytics).toMatchObject({ success: true, data: { organizationId: f.orgA } });
  });

  it('gives a center admin the outcome the checklist expects: centers refused, center analytics allowed', async () => {
    const [organizations, centers, analytics] = await Promise.all(
      apiCheckCommands(bases, f.orgA).map((c) => runPrinted(c.text, f.a.owner.token)),
    );
    expect((organizations!.data as { id: string }[]).map((o) => o.id)).toEqual([f.orgA]);
    expect(centers).toMatchObject({ success: false });
    expect(centers!.error).toMatch(/centers\.view_all/);
    expect(analytics).toMatchObject({ success: true, data: { organizationId: f.orgA } });
  });

  it('names the method of an endpoint that answers only POST, so such a command works as printed too', async () => {
    const verify = apiCommand(bases, authEndpoints.verify);
    expect(verify.text).toBe(
      `curl -X POST -H "Authorization: Bearer $TOKEN" ${bases.organizationApiUrl}/auth/verify`,
    );
    expect(await runPrinted(verify.text, f.platformAdmin.token)).toMatchObject({
      success: true,
      data: { userId: f.platformAdmin.id },
    });
  });
});

describe.each(testDatabases)('Role Verification API checks against an embedded server on $name', (target) => {
  const launchSecret = 'e2e-launch-secret-'.padEnd(40, 'x');
  const suite = useServerSuite(target, { tenants: true, app: { launchSecret } });
  const { f } = suite;
  let bases: ApiBases;

  beforeAll(async () => {
    const base = await suite.app.listen({ host: '127.0.0.1', port: 0 });
    bases = { gatewayUrl: base, organizationApiUrl: base, embeddedServer: true };
  });

  it('sends the launch secret as $CONSOLE_LAUNCH_SECRET, and works as printed with it exported', async () => {
    const commands = apiCheckCommands(bases, f.orgA);
    expect(commands[0]!.text).toBe(
      `curl -H "Authorization: Bearer $TOKEN" -H "x-console-launch-secret: $CONSOLE_LAUNCH_SECRET" ${bases.organizationApiUrl}/organizations/user`,
    );
    const answers = await Promise.all(
      commands.map((c) => runPrinted(c.text, f.platformAdmin.token, launchSecret)),
    );
    expect(answers.map((a) => a.success)).toEqual([true, true, true]);
  });

  it('without the secret exported, the server refuses the same command', async () => {
    // The centers list is Client B's: its envelope carries the refusal in `error`.
    const [, centers] = apiCheckCommands(bases, f.orgA);
    expect(await runPrinted(centers!.text, f.platformAdmin.token)).toMatchObject({
      success: false,
      error: 'This server answers only the console that started it',
    });
  });
});
