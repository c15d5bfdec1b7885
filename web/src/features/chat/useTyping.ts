import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtime, useRealtimeClient } from '../../lib/realtime.ts';

/** How often a writer says so while typing, and how long a 'typing' event counts without a new one. */
export const TYPING_SEND_EVERY_MS = 3_000;
export const TYPING_SHOWN_MS = 6_000;

/** Who else is typing in `roomId` (ids, in the order they started), and `typed()` to say we are. */
export function useTyping(roomId: string, myId: string): { typingIds: string[]; typed: () => void } {
  const client = useRealtimeClient();
  const [until, setUntil] = useState<ReadonlyMap<string, number>>(new Map());
  const lastSent = useRef(0);

  useRealtime((event) => {
    if (event.type === 'typing' && event.roomId === roomId && event.userId !== myId) {
      setUntil((map) => new Map(map).set(event.userId, Date.now() + TYPING_SHOWN_MS));
    } else if (event.type === 'message.created' && event.message.chat_room_id === roomId && event.message.sender_id) {
      // Their message arrived: they stopped typing it.
      const sender = event.message.sender_id;
      setUntil((map) => {
        if (!map.has(sender)) return map;
        const next = new Map(map);
        next.delete(sender);
        return next;
      });
    }
  });

  // Forget people whose last 'typing' is older than TYPING_SHOWN_MS.
  useEffect(() => {
    if (until.size === 0) return;
    const soonest = Math.min(...until.values());
    const timer = setTimeout(() => {
      const now = Date.now();
      setUntil((map) => new Map([...map].filter(([, end]) => end > now)));
    }, Math.max(0, soonest - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until]);

  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_SEND_EVERY_MS) return;
    lastSent.current = now;
    client.send({ type: 'typing', roomId });
  }, [client, roomId]);

  return { typingIds: [...until.keys()], typed };
}
