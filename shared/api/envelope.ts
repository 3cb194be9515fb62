import { z } from 'zod';

/** Client B (platform gateway) answers `{success, data, error}` (part 1 §7). */
export function gatewayEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), data: data.optional(), error: z.string().optional() });
}
export const gatewayErrorEnvelope = z.object({
  success: z.literal(false),
  error: z.string(),
});
export type GatewayEnvelope<T> = { success: boolean; data?: T; error?: string };

/** Client A (organization calls) answers `{success, data, message}` (part 1 §7). */
export function organizationEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), data: data.optional(), message: z.string().optional() });
}
export const organizationErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type OrganizationEnvelope<T> = { success: boolean; data?: T; message?: string };
