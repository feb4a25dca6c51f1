import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, as every table of ours keeps its times. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
