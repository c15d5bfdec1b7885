import type { Migration } from 'kysely';
import * as m001 from './001_accounts.ts';
import * as m002 from './002_translation_cache.ts';
import * as m003 from './003_chat.ts';
import * as m004 from './004_translation_jobs.ts';
import * as m005 from './005_stored_files.ts';
import * as m006 from './006_conversation_glossary.ts';
import * as m007 from './007_translation_detail.ts';
import * as m008 from './008_job_queue.ts';
import * as m010 from './010_chat_media.ts';
import * as m011 from './011_message_changes.ts';
import * as m016 from './016_first_sign_in.ts';
import * as m017 from './017_node_heartbeats.ts';
import * as m018 from './018_groups.ts';
import * as m019 from './019_account_tokens.ts';
import * as m020 from './020_operators.ts';
import * as m021 from './021_safety.ts';
import * as m023 from './023_oidc_logins.ts';
import * as m024 from './024_web_push.ts';
import * as m025 from './025_message_life.ts';
import * as m026 from './026_receipts_search.ts';
import * as m027 from './027_calls.ts';
import * as m029 from './029_single_reader_columns.ts';
import * as m028 from './028_report_evidence.ts';
import * as m031 from './031_former_members.ts';
import * as m035 from './035_email_proven.ts';
import * as m033 from './033_translation_engine.ts';
import * as m036 from './036_translation_usage.ts';
import * as m038 from './038_translation_first.ts';
import * as m039 from './039_mentions.ts';
import * as m040 from './040_api_tokens_bots.ts';
import * as m042 from './042_incoming_webhooks.ts';
import * as m043 from './043_outgoing_webhooks.ts';
import * as m046 from './046_documents.ts';
import * as m047 from './047_document_search.ts';
import * as m048 from './048_link_previews.ts';
import * as m049 from './049_chat_out_of_translation_cache.ts';

/** The one migration history, in order. Add new files here; never edit an applied one. */
export const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_translation_cache': m002,
  '003_chat': m003,
  '004_translation_jobs': m004,
  '005_stored_files': m005,
  '006_conversation_glossary': m006,
  '007_translation_detail': m007,
  '008_job_queue': m008,
  '010_chat_media': m010,
  '011_message_changes': m011,
  '016_first_sign_in': m016,
  '017_node_heartbeats': m017,
  '018_groups': m018,
  '019_account_tokens': m019,
  '020_operators': m020,
  '021_safety': m021,
  '023_oidc_logins': m023,
  '024_web_push': m024,
  '025_message_life': m025,
  '026_receipts_search': m026,
  '027_calls': m027,
  '028_report_evidence': m028,
  '029_single_reader_columns': m029,
  '031_former_members': m031,
  '035_email_proven': m035,
  '033_translation_engine': m033,
  '036_translation_usage': m036,
  '038_translation_first': m038,
  '039_mentions': m039,
  '040_api_tokens_bots': m040,
  '042_incoming_webhooks': m042,
  '043_outgoing_webhooks': m043,
  '046_documents': m046,
  '047_document_search': m047,
  '048_link_previews': m048,
  '049_chat_out_of_translation_cache': m049,
};
