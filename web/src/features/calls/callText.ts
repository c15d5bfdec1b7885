import type { CallNoticeCode, CallSpeaker } from '@parley/common';
import type { TFunction } from '../../lib/i18n.tsx';
import type { CallOutcome, CallView } from './callState.ts';

/** The line under the partner's name: Calling..., Ringing, Connecting..., Reconnecting..., or the outcome. */
export function stateLabel(view: CallView, t: TFunction): string {
  switch (view.phase) {
    case 'calling':
      return t('calls.calling');
    case 'ringing':
      return t('calls.ringing');
    case 'connecting':
      return t('calls.connecting');
    case 'reconnecting':
      return t('calls.reconnecting');
    case 'incoming':
      return t('calls.incoming');
    case 'ended':
      return view.outcome
        ? outcomeText(view.outcome, view.role, view.partner?.username ?? '', t, Boolean(view.partner && view.call?.endedBy === view.partner.id))
        : t('calls.outcomeEnded');
    default:
      return '';
  }
}

/**
 * How a call ended, as the person reading it lived it (the caller hears "did not answer", the callee "Missed
 * call"). `byPartner`: the partner ended it (their hang-up, sign-out or lost connection names them).
 */
export function outcomeText(outcome: CallOutcome, role: CallView['role'], name: string, t: TFunction, byPartner = false): string {
  const callee = role === 'callee';
  switch (outcome) {
    case 'missed':
      return callee ? t('calls.outcomeMissed', { name }) : t('calls.outcomeNoAnswer', { name });
    case 'cancelled':
      // The caller gave up before the callee answered: a missed call for them.
      return callee ? t('calls.outcomeMissed', { name }) : t('calls.outcomeCancelled');
    case 'busy':
      return t('calls.endedBusy', { name });
    case 'declined':
      return callee ? t('calls.outcomeEnded') : t('calls.outcomeDeclined', { name });
    case 'answered_elsewhere':
      return t('calls.outcomeAnsweredElsewhere');
    case 'hangup':
      return byPartner ? t('calls.endedHangup', { name }) : t('calls.outcomeEnded');
    case 'connection_lost':
      return byPartner ? t('calls.endedConnectionLost', { name }) : t('calls.outcomeConnectionLost');
    case 'signed_out':
      return byPartner ? t('calls.endedSignedOut', { name }) : t('calls.outcomeSignedOut');
    case 'account_disabled':
      return byPartner ? t('calls.endedAccountDisabled', { name }) : t('calls.outcomeEnded');
    case 'blocked':
      return t('calls.endedBlocked');
    case 'server_lost':
      return t('calls.endedServerLost');
    case 'already_in_call':
      return t('calls.alreadyInCall');
    case 'cannot_call':
      return t('calls.cannotCall');
    case 'microphone':
      return t('calls.microphoneNeeded');
    case 'failed':
      return t('calls.outcomeFailed');
    default:
      return t('calls.outcomeEnded');
  }
}

/**
 * A notice in the captions, from the catalog: `name` is the partner's name, `language` the language named by
 * the notice, written in the reader's language. 'self': about my speech or my partner's listening.
 */
export function noticeText(code: CallNoticeCode, speaker: CallSpeaker, name: string, language: string, t: TFunction): string {
  const self = speaker === 'self';
  switch (code) {
    case 'cannot_recognise':
      return self ? t('calls.notRecognisedSelf', { language }) : t('calls.noticeCannotRecognise', { name, language });
    case 'cannot_speak':
      // The listener's language cannot be spoken: the listener is the other side of the speaker.
      return self ? t('calls.noticeCannotSpeak', { name, language }) : t('calls.notSpokenSelf', { language });
    case 'no_speech':
      return t('calls.noticeNoSpeech');
    case 'speech_unclear':
      return t('calls.noticeSpeechUnclear');
    case 'engine_failed':
      return t('calls.noticeEngineFailed');
    case 'utterance_too_long':
      return t('calls.noticeUtteranceTooLong');
    default:
      return '';
  }
}
