import type { ServerEvent } from '@parley/common';
import type { EventPublisher } from '../chat/types.ts';
import type { ClusterBus } from '../cluster/bus.ts';
import type { RealtimeHub } from './hub.ts';

/**
 * Chat events in cluster mode: serialized once and sent through Redis; every node, this one
 * included, delivers the frame to its sockets when Redis hands it back. No shortcut for local
 * sockets: were Redis to lose an event, a local socket must not have seen a later one, or a
 * client resuming with ?resume=<newest id held> would skip the lost one. After an outage every
 * node closes its sockets (1012) and clients resume from what they really saw.
 */
export class ClusterEvents implements EventPublisher {
  constructor(
    hub: RealtimeHub,
    private readonly bus: ClusterBus,
  ) {
    bus.onMessage((m) => {
      if (m.kind === 'event') hub.deliver(m.users, m.frame);
    });
  }

  publish(userIds: readonly string[], event: ServerEvent): void {
    this.bus.send({ kind: 'event', users: [...new Set(userIds)], frame: JSON.stringify(event) });
  }
}
