import type { CallEndReason, CallState, CallTranscriptLine, StoredLinkPreview } from '@parley/common';
import type { ColumnType, Generated } from 'kysely';
import type { NullableTime, Timestamp } from './columns.ts';

// Node heartbeats, blocks and reports, calls, translation usage (db/, safety/, calls/, translation/).

/** One running node and the job-queue jobs it holds (db/nodeHeartbeats.ts). */
export interface NodeHeartbeatsTable {
  node_id: string;
  started_at: Generated<Date>;
  beat_at: Generated<Date>;
  job_ids: Generated<string[]>;
}

/** Who blocked whom (safety/blocks.ts). */
export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Generated<Date>;
}

/** A report filed by a person about a user or one of their messages, for the operators (safety/reports.ts). */
export interface ReportsTable {
  id: ColumnType<string, never, never>;
  reporter_id: string | null;
  reported_user_id: string | null;
  message_id: string | null;
  /** The message's text when it was reported (migration 028): kept if the message is edited or deleted. */
  message_content: string | null;
  /** The reported message's link card (migration 048), kept as evidence like its text. */
  link_preview: ColumnType<StoredLinkPreview | null, string | null | undefined, string | null>;
  reason: string;
  created_at: Generated<Date>;
  resolved_at: Date | null;
}


/** Translated voice calls (migration 027, server/src/calls/). */
export interface CallsTable {
  id: Generated<string>;
  room_id: string;
  caller_id: string;
  callee_id: string;
  state: CallState;
  created_at: Timestamp;
  ring_until: Timestamp;
  answered_at: NullableTime;
  ended_at: NullableTime;
  end_reason: CallEndReason | null;
  ended_by: string | null;
  /** The sessions (hashed ids) of the caller and of the device that answered: their end ends the call. */
  caller_session: string | null;
  callee_session: string | null;
  accepted_device: string | null;
  caller_consent: ColumnType<boolean, boolean | undefined, boolean>;
  callee_consent: ColumnType<boolean, boolean | undefined, boolean>;
  transcript: ColumnType<CallTranscriptLine[], string | undefined, string>;
  /** The node carrying each side's media socket (null: not connected) and its last renewal. */
  caller_node: string | null;
  callee_node: string | null;
  caller_alive_at: NullableTime;
  callee_alive_at: NullableTime;
}

/** One row per person in a ringing or active call: the "one call per user" rule. */
export interface UserCallsTable {
  user_id: string;
  call_id: string;
}

/** Characters sent to each translation engine per UTC day (the console's Translation tab). */
export interface TranslationUsageTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  engine: string;
  /** bigint: read as a string on PostgreSQL. */
  chars: ColumnType<string | number, number | undefined, number>;
  calls: Generated<number>;
}
