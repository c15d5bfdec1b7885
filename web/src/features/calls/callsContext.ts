import { createContext, useContext } from 'react';
import type { CallCapabilities } from '@parley/common';
import type { CallAction, CallPartner, CallView } from './callState.ts';

// The calls' state as the screens read it: apart from CallProvider, which loads CallOverlay, so the overlay
// reads it without importing its loader back.

/** Before calling: what this server can hear and speak, when it cannot do everything. */
export interface PreCall {
  roomId: string;
  partner: CallPartner;
  caps: CallCapabilities;
}

export interface CallsValue {
  view: CallView;
  dispatch: (action: CallAction) => void;
  me: string;
  /** This tab's id: `call.accepted` tells whether this device answered. */
  deviceId: string;
  /** The Call button: check what the server can do, warn when needed, then ring the partner. */
  call: (roomId: string, partner: CallPartner) => void;
  /** The pending Call press, while it is checked or its notice shown. */
  pending: { roomId: string; partner: CallPartner; caps?: CallCapabilities } | null;
  setPending: (pending: CallsValue['pending']) => void;
}

export const CallsContext = createContext<CallsValue | null>(null);

const CALL_TAB_KEY = 'parley.callInTab';

/** The call this tab dialed or answered (kept across a reload of the tab, so the tab takes it up again). */
export function callInThisTab(): string | null {
  try {
    return sessionStorage.getItem(CALL_TAB_KEY);
  } catch {
    return null;
  }
}

export function rememberCallInThisTab(callId: string | null): void {
  try {
    if (callId) sessionStorage.setItem(CALL_TAB_KEY, callId);
    else sessionStorage.removeItem(CALL_TAB_KEY);
  } catch {
    // Storage refused (private mode): a reload then ends this tab's part in the call, as before.
  }
}

export function useCalls(): CallsValue {
  const value = useContext(CallsContext);
  if (!value) throw new Error('useCalls must be used within a CallProvider');
  return value;
}

/** The Call button's state outside a CallProvider (tests of other screens): no calls. */
export function useOptionalCalls(): CallsValue | null {
  return useContext(CallsContext);
}
