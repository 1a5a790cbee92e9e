import type { ColumnType } from 'kysely';

// Column types of the generated table files (`npm run db:types`): what the pg driver hands back as
// MikroORM configures it, and what a write may pass.

/** A column with a default: optional on insert (a column type such as `Timestamp` keeps its read and write types). */
export type Generated<T> = [T] extends [ColumnType<infer S, infer I, infer U>] ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;
/** A generated (or identity always) column: never written. */
export type GeneratedAlways<T> = [T] extends [ColumnType<infer S, unknown, unknown>] ? ColumnType<S, never, never> : ColumnType<T, never, never>;
/** bigint: read as a string (exact beyond 2^53), written as a number, bigint or string. */
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
export type Numeric = ColumnType<string, string | number, string | number>;
/** date and timestamps: read as Postgres' text (MikroORM keeps them raw), written as a Date or an ISO string. */
export type Timestamp = ColumnType<string, Date | string, Date | string>;
/** json/jsonb: read parsed, written as JSON text (the driver would turn an array into a Postgres array). */
export type Json = ColumnType<unknown, string, string>;
