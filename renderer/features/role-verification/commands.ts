/**
 * The example API checks of Role Verification (part 2 §7: "example authenticated GET requests with a bearer
 * token to paths for the organization's user, a centers list and center analytics"). Each command is built
 * from the endpoint's own declaration (client, method, path), so what the screen prints is what the server
 * answers; tests/integration/server/roles/api-check-commands.test.ts runs them with curl against a real server.
 */
import { buildPath, type Endpoint } from '../../../shared/api/endpoint';
import { organizationEndpoints } from '../../../shared/api/organizations';
import { roleEndpoints } from '../../../shared/api/roles';
import { LAUNCH_SECRET_HEADER } from '../../../shared/constants';

export interface ApiBases {
  /** Client B's base address (the platform gateway). */
  gatewayUrl: string;
  /** Client A's base address (the organization API). */
  organizationApiUrl: string;
  /**
   * Whether both are the console's own server, which answers only requests with the launch secret: the
   * commands then send it as `$CONSOLE_LAUNCH_SECRET` (the console started with CONSOLE_LAUNCH_SECRET set).
   */
  embeddedServer?: boolean;
}

export interface ApiCheckCommand {
  method: Endpoint['method'];
  url: string;
  /**
   * The headers the command sends; `$TOKEN` stands for the session token, which the console never shows, and
   * `$CONSOLE_LAUNCH_SECRET` for the embedded server's launch secret.
   */
  headers: Record<string, string>;
  /** The command as printed on the screen. */
  text: string;
}

const TOKEN_HEADER = { Authorization: 'Bearer $TOKEN' };
const LAUNCH_SECRET = { [LAUNCH_SECRET_HEADER]: '$CONSOLE_LAUNCH_SECRET' };

export function apiCommand(
  bases: ApiBases,
  endpoint: Endpoint,
  params: Record<string, string> = {},
): ApiCheckCommand {
  const base = endpoint.client === 'organizations' ? bases.organizationApiUrl : bases.gatewayUrl;
  const url = `${base.replace(/\/+$/, '')}${buildPath(endpoint.path, params)}`;
  const method = endpoint.method;
  // curl sends GET by default; any other method is named, so a command can never be printed with the wrong one.
  const verb = method === 'GET' ? '' : `-X ${method} `;
  const headers: Record<string, string> = {
    ...TOKEN_HEADER,
    ...(bases.embeddedServer ? LAUNCH_SECRET : {}),
  };
  const flags = Object.entries(headers).map(([name, value]) => `-H "${name}: ${value}" `);
  return { method, url, headers, text: `curl ${verb}${flags.join('')}${url}` };
}

/**
 * The commands in the order the spec names them; the center analytics one needs the current organization
 * and is left out without one (a placeholder in the path would not work as printed).
 */
export function apiCheckCommands(bases: ApiBases, organizationId: string | null): ApiCheckCommand[] {
  const commands = [
    apiCommand(bases, organizationEndpoints.list),
    apiCommand(bases, roleEndpoints.listCenters),
  ];
  if (organizationId !== null) {
    commands.push(apiCommand(bases, roleEndpoints.centerAnalytics, { id: organizationId }));
  }
  return commands;
}
