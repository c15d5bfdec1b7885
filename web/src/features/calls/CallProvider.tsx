import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import type { CallSignalEvent, ServerEvent } from '@parley/common';
import { useRealtime } from '../../lib/realtime.ts';
import { useAuth } from '../auth/index.ts';
import { callReducer, IDLE, isLive, type CallPartner } from './callState.ts';
import { callInThisTab, CallsContext, type CallsValue } from './callsContext.ts';

// The ringing screen, the call screen, the routes, the media and the detector: loaded on the first call (or when idle).
const loadOverlay = () => import('./CallOverlay.tsx');
const CallOverlay = lazy(() => loadOverlay().then((m) => ({ default: m.CallOverlay })));
/** Load the call screens before they are needed (the shell calls it when idle). */
export const preloadCalls = () => void loadOverlay();

/** This tab's device id, kept across a reload of the tab. */
function tabDeviceId(): string {
  const key = 'parley.callDevice';
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const made = crypto.randomUUID();
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

function isCallSignal(event: ServerEvent | CallSignalEvent): event is CallSignalEvent {
  return event.type === 'call.ringing' || event.type === 'call.accepted' || event.type === 'call.ended';
}

/**
 * Calls for the signed-in tab (inside the chat socket's provider): listens for ringing on every open device,
 * keeps the call's state, and draws the ringing and call screens over the app when a call is on.
 */
export function CallProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const me = user?.id ?? '';
  const [view, dispatch] = useReducer(callReducer, IDLE);
  const [pending, setPending] = useState<CallsValue['pending']>(null);
  const [deviceId] = useState(tabDeviceId);
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });

  // A call ringing before this tab opened (or while its socket was down) rings here too.
  const checkCurrent = useCallback(() => {
    if (!me) return;
    void loadOverlay()
      .then((m) => m.currentCall())
      .then((call) => call && dispatch({ type: 'restore', call, me, inThisTab: callInThisTab() === call.id }))
      .catch(() => undefined);
  }, [me]);

  useRealtime(
    (event) => {
      const e = event as ServerEvent | CallSignalEvent;
      if (isCallSignal(e) && me) dispatch({ type: 'signal', event: e, me, deviceId });
    },
    checkCurrent,
  );

  const call = useCallback((roomId: string, partner: CallPartner) => {
    if (isLive(viewRef.current)) return;
    setPending({ roomId, partner });
  }, []);

  // An ended call's outcome shows for a moment, then the screen closes.
  useEffect(() => {
    if (view.phase !== 'ended') return;
    const timer = setTimeout(() => dispatch({ type: 'dismiss' }), 3500);
    return () => clearTimeout(timer);
  }, [view.phase]);

  const value = useMemo<CallsValue>(() => ({ view, dispatch, me, deviceId, call, pending, setPending }), [view, me, deviceId, call, pending]);
  return (
    <CallsContext.Provider value={value}>
      {children}
      {(view.phase !== 'idle' || pending) && (
        <Suspense fallback={null}>
          <CallOverlay />
        </Suspense>
      )}
    </CallsContext.Provider>
  );
}
