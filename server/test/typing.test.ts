import { describe, expect, it } from 'vitest';
import { typingThrottle, TYPING_RELAY_EVERY_MS } from '../src/realtime/typingThrottle.ts';
import { signUpAndIn, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

const s = useTestServer({ listen: true });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const post = (who: Person, url: string, payload: object) => s.app.inject({ method: 'POST', url, payload, headers: { cookie: who.cookie } });

async function roomOf(res: Awaited<ReturnType<typeof post>>): Promise<string> {
  expect(res.statusCode, res.body).toBeLessThan(300);
  const body = res.json() as { room?: { id: string }; id?: string };
  return body.room?.id ?? body.id ?? '';
}

const typing = (socket: TestSocket, roomId: string) => socket.ws.send(JSON.stringify({ type: 'typing', roomId }));
const typingIn = (socket: TestSocket, roomId: string) => socket.events.filter((e) => e.type === 'typing' && e.roomId === roomId);

describe('typing in a group', () => {
  it('reaches the other members only, and an outsider can neither hear nor send it', async () => {
    const [ana, li, bo, outsider] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const groupId = await roomOf(await post(ana, '/api/groups', { name: 'Team', memberIds: [li.id, bo.id] }));
    // A room ana and the outsider share: its typing event tells us the earlier ones were already published.
    const directId = await roomOf(await post(ana, '/api/chats', { userId: outsider.id }));
    const [anaWs, liWs, boWs, outWs] = await Promise.all([
      TestSocket.open(s.base, ana.cookie), TestSocket.open(s.base, li.cookie), TestSocket.open(s.base, bo.cookie), TestSocket.open(s.base, outsider.cookie),
    ]);

    typing(anaWs, groupId);
    expect(await liWs.next((e) => e.type === 'typing' && e.roomId === groupId)).toEqual({ v: 1, type: 'typing', roomId: groupId, userId: ana.id });
    await boWs.next((e) => e.type === 'typing' && e.roomId === groupId);
    typing(anaWs, directId);
    await outWs.next((e) => e.type === 'typing' && e.roomId === directId);
    expect(typingIn(outWs, groupId)).toEqual([]);
    expect(typingIn(anaWs, groupId)).toEqual([]); // the writer is not told about themself

    // The outsider's frame for the group is dropped without an answer (as for a room that does not exist).
    typing(outWs, groupId);
    typing(outWs, '00000000-0000-4000-8000-000000000000');
    typing(outWs, directId);
    await anaWs.next((e) => e.type === 'typing' && e.roomId === directId);
    expect(typingIn(liWs, groupId)).toHaveLength(1);
    expect(typingIn(anaWs, groupId)).toEqual([]);
    expect(outWs.events.filter((e) => e.type === 'error')).toEqual([]);
    for (const ws of [anaWs, liWs, boWs, outWs]) ws.close();
  });
});

describe('typing and blocks', () => {
  it('stops at once both ways: the blocker no longer sees the blocked person typing, in their pair or a shared group', async () => {
    const [ana, bruno, carl] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const pairId = await roomOf(await post(bruno, '/api/chats', { userId: ana.id }));
    const groupId = await roomOf(await post(carl, '/api/groups', { name: 'Trip', memberIds: [ana.id, bruno.id] }));
    const witnessId = await roomOf(await post(bruno, '/api/chats', { userId: carl.id }));
    const [anaWs, brunoWs, carlWs] = await Promise.all([TestSocket.open(s.base, ana.cookie), TestSocket.open(s.base, bruno.cookie), TestSocket.open(s.base, carl.cookie)]);
    typing(brunoWs, pairId);
    await anaWs.next((e) => e.type === 'typing' && e.roomId === pairId);

    expect((await post(ana, '/api/blocks', { userId: bruno.id })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2_100)); // the relay's per-room interval (typingThrottle)
    typing(brunoWs, pairId);
    typing(brunoWs, groupId);
    typing(anaWs, groupId);
    // carl hears bruno's group frame and ana's, and bruno's frame in their own pair after them: the others were handled.
    await carlWs.next((e) => e.type === 'typing' && e.roomId === groupId && e.userId === bruno.id);
    await carlWs.next((e) => e.type === 'typing' && e.roomId === groupId && e.userId === ana.id);
    typing(brunoWs, witnessId);
    await carlWs.next((e) => e.type === 'typing' && e.roomId === witnessId);
    expect(typingIn(anaWs, pairId)).toHaveLength(1);
    expect(typingIn(anaWs, groupId)).toEqual([]);
    expect(typingIn(brunoWs, groupId)).toEqual([]);
    for (const ws of [anaWs, brunoWs, carlWs]) ws.close();
  });
});

describe('typingThrottle', () => {
  it('lets one frame per room through per interval', () => {
    let now = 1_000;
    const may = typingThrottle(() => now);
    expect([may('a'), may('a'), may('b')]).toEqual([true, false, true]);
    now += TYPING_RELAY_EVERY_MS - 1;
    expect(may('a')).toBe(false);
    now += 1;
    expect(may('a')).toBe(true);
  });
});
