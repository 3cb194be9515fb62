/** Column helpers every group's tables share (server/<group>/tables.ts; the barrel is server/db/schema.ts). */
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const createdAt = () => instant('created_at').notNull().defaultNow();

export const updatedAt = () => instant('updated_at').notNull().defaultNow();

export const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
