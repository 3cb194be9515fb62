import { organizationEndpoints, type Member } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { ONE_TIME_LINK_LIFETIME_MS } from '../../shared/users';
import { isUuid, normalizeEmail } from '../auth/users';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { assertSeatAvailable } from '../users/guards';
import { deliverOneTimeLink, newToken } from '../users/one-time-links';
import { listMembers, listOrganizationsFor, loadOrganization, organizationStats } from './queries';
import {
  deleteMembership,
  findMembershipByEmail,
  findOrganizationName,
  insertInvite,
  setMemberRole,
  updateOrganization,
} from './store';

const memberNotFound = () => new HttpError(404, ERRORS.memberNotFound);

async function findMember(db: Db, organizationId: string, userId: string): Promise<Member> {
  if (!isUuid(userId)) throw memberNotFound();
  const [found] = await listMembers(db, organizationId, userId);
  if (!found) throw memberNotFound();
  return found;
}

/** Client A: the organization calls of part 1 §7 and part 2 §3–§6. */
export function registerOrganizationRoutes(route: Route, ctx: ServerContext): void {
  route(organizationEndpoints.list, async ({ session }) => {
    const user = session();
    return listOrganizationsFor(ctx.db, user.userId, user.permissions.includes('centers.view_all'));
  });

  route(organizationEndpoints.context, async ({ tenant }) => {
    const context = tenant();
    return { ...context, permissions: [...context.permissions] };
  });

  route(organizationEndpoints.members, async ({ tenant }) => listMembers(ctx.db, tenant().organizationId));

  route(organizationEndpoints.stats, async ({ tenant }) =>
    organizationStats(ctx.db, tenant().organizationId, ctx.config.now()),
  );

  route(organizationEndpoints.get, async ({ tenant }) => loadOrganization(ctx.db, tenant()));

  route(organizationEndpoints.update, async ({ body, tenant, audit }) => {
    const context = tenant();
    const branding = body.settings?.branding ?? {};
    const changes = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(branding.companyName !== undefined ? { companyName: branding.companyName } : {}),
      ...(branding.primaryColor !== undefined ? { primaryColor: branding.primaryColor } : {}),
      ...(branding.secondaryColor !== undefined ? { secondaryColor: branding.secondaryColor } : {}),
    };
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(changes).length > 0) {
        await updateOrganization(tx, context.organizationId, changes);
      }
      await audit.record(tx, { details: { changes } });
      if (Object.keys(changes).length > 0)
        await ctx.webhooks.emit(
          'organization.updated',
          { organizationId: context.organizationId, changes },
          context.organizationId,
          tx,
        );
    });
    return loadOrganization(ctx.db, context);
  });

  route(organizationEndpoints.invite, async ({ body, tenant, audit }) => {
    const { organizationId } = tenant();
    const email = normalizeEmail(body.email);
    audit.note({ details: { email, role: body.role } });
    const existing = await findMembershipByEmail(ctx.db, organizationId, email);
    if (existing) throw new HttpError(409, ERRORS.alreadyMember);

    // The token goes to the invitee once (and by email when SMTP is configured); only its hash is kept.
    const { token, tokenHash } = newToken();
    const created = await ctx.db.transaction(async (tx) => {
      await assertSeatAvailable(tx, organizationId, ctx.config.now());
      const row = await insertInvite(tx, {
        organizationId,
        email,
        role: body.role,
        tokenHash,
        expiresAt: new Date(ctx.config.now() + ONE_TIME_LINK_LIFETIME_MS),
        createdAt: new Date(ctx.config.now()),
      });
      await audit.record(tx, { resourceId: row.id });
      await ctx.webhooks.emit(
        'member.invited',
        { organizationId, inviteId: row.id, email, role: body.role },
        organizationId,
        tx,
      );
      return row;
    });
    const organizationName = await findOrganizationName(ctx.db, organizationId);
    const delivery = await deliverOneTimeLink(ctx, {
      email,
      name: email,
      kind: 'organization',
      token,
      expiresAt: created.expiresAt,
      organization: organizationName,
    });
    return {
      id: created.id,
      email: created.email,
      role: created.role,
      status: created.status,
      expiresAt: created.expiresAt.toISOString(),
      delivery,
    };
  });

  route(organizationEndpoints.updateMember, async ({ params, body, tenant, audit }) => {
    const { organizationId } = tenant();
    const member = await findMember(ctx.db, organizationId, params.userId);
    audit.note({ details: { from: member.role, to: body.role } });
    if (member.role === 'owner') throw new HttpError(403, ERRORS.ownerRoleFixed);
    await ctx.db.transaction(async (tx) => {
      await setMemberRole(tx, organizationId, member.userId, body.role);
      await audit.record(tx);
    });
    return { ...member, role: body.role };
  });

  route(organizationEndpoints.removeMember, async ({ params, tenant, audit }) => {
    const { organizationId } = tenant();
    const member = await findMember(ctx.db, organizationId, params.userId);
    audit.note({ details: { role: member.role, email: member.user.email } });
    if (member.role === 'owner') throw new HttpError(403, ERRORS.ownerCannotBeRemoved);
    await ctx.db.transaction(async (tx) => {
      await deleteMembership(tx, organizationId, member.userId);
      await audit.record(tx);
    });
    return { removed: true as const };
  });
}
