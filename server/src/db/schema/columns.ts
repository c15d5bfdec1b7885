import type { ColumnType } from 'kysely';

/** Column shapes every table uses. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
