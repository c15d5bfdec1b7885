import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CallInfo } from '@parley/common';
import { useI18n } from '../../lib/i18n.tsx';
import { CallMedia, DEFAULT_MEDIA_DEPS, type CallMediaDeps } from './callMedia.ts';
import { CallScreen } from './CallScreen.tsx';
import { callsApi, outcomeOfError, preCallNotices } from './callsApi.ts';
import { IncomingCall } from './IncomingCall.tsx';
import { PreCallDialog } from './PreCallDialog.tsx';
import { playTone, type Tone } from './ringtone.ts';
import { callInThisTab, rememberCallInThisTab, useCalls } from './callsContext.ts';

/** The call ringing or active for this user, if any (a tab opening, a chat socket back). */
export async function currentCall(): Promise<CallInfo | null> {
  return (await callsApi.current()).call;
}

const MEDIA_PHASES = new Set(['connecting', 'active', 'reconnecting']);

/**
 * Everything a call draws over the app and does: the check before calling, the ringing (with its tone), the call
 * screen, the requests, and the media of an answered call. `mediaDeps` replaces the socket and audio in tests.
 */
export function CallOverlay({ mediaDeps = DEFAULT_MEDIA_DEPS }: { mediaDeps?: CallMediaDeps } = {}) {
  const { t } = useI18n();
  const { view, dispatch, deviceId, pending, setPending } = useCalls();
  /** This device answered (the callee): the call screen instead of the ringing, and the media may start. */
  const [answered, setAnswered] = useState<string | null>(callInThisTab);
  const media = useRef<CallMedia | undefined>(undefined);
  const { call, phase, role } = view;

  const dial = useCallback(
    async (roomId: string, partner: NonNullable<typeof pending>['partner']) => {
      dispatch({ type: 'dial', roomId, partner });
      try {
        const started = await callsApi.start(roomId);
        rememberCallInThisTab(started.call.id);
        dispatch({ type: 'dialed', call: started.call });
      } catch (error) {
        dispatch({ type: 'failed', outcome: outcomeOfError(error) });
      }
    },
    [dispatch],
  );

  // The Call button: what can this server hear and speak? Warn first when it cannot do everything.
  useEffect(() => {
    if (!pending || pending.caps) return;
    let live = true;
    const go = () => {
      setPending(null);
      void dial(pending.roomId, pending.partner);
    };
    callsApi.capabilities(pending.roomId).then(
      (caps) => {
        if (!live) return;
        if (!caps.callable) {
          setPending(null);
          toast(t('calls.cannotCall'));
        } else if (preCallNotices(caps).length > 0) setPending({ ...pending, caps });
        else go();
      },
      // Unknown capabilities never stop a call: the captions will say what cannot be translated.
      () => live && go(),
    );
    return () => {
      live = false;
    };
  }, [pending, setPending, dial, t]);

  // Over: a reload of this tab no longer takes the call up.
  useEffect(() => {
    if (phase === 'ended') rememberCallInThisTab(null);
  }, [phase]);

  // Tones: the ring on every device of the callee, the ringback for the caller.
  useEffect(() => {
    let tone: Tone | undefined;
    if (phase === 'incoming') tone = playTone('incoming');
    else if (phase === 'ringing') tone = playTone('ringback');
    return () => tone?.stop();
  }, [phase]);

  // The media of an answered call: one session per call, from connecting to the end.
  const callId = call?.id;
  const mediaWanted = Boolean(callId) && MEDIA_PHASES.has(phase) && (role === 'caller' || answered === callId);
  useEffect(() => {
    if (!mediaWanted || !callId) return;
    const session = new CallMedia(callId, dispatch, { muted: false, speakerOn: true, hearOriginal: false }, mediaDeps);
    media.current = session;
    session.start();
    return () => {
      session.close();
      if (media.current === session) media.current = undefined;
    };
  }, [mediaWanted, callId, dispatch, mediaDeps]);

  const accept = async () => {
    if (!call) return;
    dispatch({ type: 'accept' });
    try {
      await callsApi.accept(call.id, deviceId);
      rememberCallInThisTab(call.id);
      setAnswered(call.id);
    } catch (error) {
      dispatch({ type: 'failed', outcome: outcomeOfError(error) });
    }
  };

  const decline = () => {
    if (!call) return;
    dispatch({ type: 'decline' });
    void callsApi.decline(call.id).catch(() => undefined);
  };

  const hangUp = () => {
    dispatch({ type: 'hangup' });
    media.current?.close();
    if (call) void callsApi.end(call.id).catch(() => undefined);
  };

  const showIncoming = role === 'callee' && answered !== callId;
  return (
    <>
      {pending?.caps && (
        <PreCallDialog
          name={pending.partner.username}
          caps={pending.caps}
          onCancel={() => setPending(null)}
          onCall={() => {
            setPending(null);
            void dial(pending.roomId, pending.partner);
          }}
        />
      )}
      {phase !== 'idle' && showIncoming && <IncomingCall view={view} onAccept={() => void accept()} onDecline={decline} />}
      {phase !== 'idle' && !showIncoming && (
        <CallScreen
          view={view}
          onHangUp={hangUp}
          onClose={() => dispatch({ type: 'dismiss' })}
          onToggle={(key) => {
            const next = !view[key];
            dispatch({ type: 'toggle', key });
            if (key === 'muted') media.current?.setMuted(next);
            if (key === 'speakerOn') media.current?.setSpeaker(next);
            if (key === 'hearOriginal') media.current?.setHearOriginal(next);
          }}
          onConsent={(agree) => {
            dispatch({ type: 'consent', agree });
            media.current?.setConsent(agree);
          }}
          onTalk={(down) => (down ? media.current?.talkDown() : media.current?.talkUp())}
        />
      )}
    </>
  );
}
