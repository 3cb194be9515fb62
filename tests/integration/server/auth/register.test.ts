import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, formatError } from '../../../../shared/errors';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, login, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('POST /auth/register on $name', (target) => {
  const suite = useServerSuite(target);
  const { clock } = suite;
  let adminToken: string;
  const newcomer = {
    email: 'New.Person@Test.example',
    name: 'New Person',
    password: 'Welcome-Aboard-2026',
    role: 'center_admin',
  };
  const register = (token: string | undefined, payload: object) =>
    call(suite.app, { method: 'POST', url: '/auth/register', headers: token ? bearer(token) : {}, payload });

  beforeAll(async () => {
    adminToken = await tokenFor(suite.database, clock, (await insertUser(suite.database, 'super_admin')).id);
  });

  it('needs a token before anything else, even for an invalid body', async () => {
    expect(await register(undefined, {})).toMatchObject({
      status: 401,
      body: { success: false, error: ERRORS.authRequired },
    });
  });

  it('needs users.manage, and says so', async () => {
    const director = await insertUser(suite.database, 'center_admin');
    const { status, body } = await register(await tokenFor(suite.database, clock, director.id), newcomer);
    expect(status).toBe(403);
    expect(body).toEqual({
      success: false,
      error: formatError(ERRORS.forbidden, { permission: 'users.manage' }),
    });
    expect(body.error).toBe('You do not have the permission users.manage');
  });

  it('does not let a caller hand out permissions it lacks', async () => {
    const owner = await insertUser(suite.database, 'app_owner');
    const { status, body } = await register(await tokenFor(suite.database, clock, owner.id), {
      ...newcomer,
      role: 'super_admin',
    });
    expect(status).toBe(403);
    expect(body.error).toMatch(/^You do not have the permission [a-z_]+\.[a-z_]+$/);
  });

  it('rejects invalid input with 400 naming each field', async () => {
    const { status, body } = await register(adminToken, {
      ...newcomer,
      email: 'not-an-email',
      password: 'weak',
      role: 'root',
    });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^Invalid input: /);
    for (const field of ['email', 'password', 'role']) expect(body.error).toContain(`${field}: `);
  });

  it('creates the account with a lower-cased email and a hashed password that signs in', async () => {
    const { status, body } = await register(adminToken, newcomer);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      email: 'new.person@test.example',
      name: 'New Person',
      role: 'center_admin',
    });
    expect((await login(suite.app, newcomer.email, newcomer.password)).status).toBe(200);
  });

  it('answers 409 for an email that exists, in any case', async () => {
    const { status, body } = await register(adminToken, { ...newcomer, email: 'NEW.PERSON@test.example' });
    expect(status).toBe(409);
    expect(body).toEqual({ success: false, error: ERRORS.emailTaken });
  });
});
