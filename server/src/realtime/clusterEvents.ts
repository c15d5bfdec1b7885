import type { ServerEvent } from '@parley/common';
import type { EventPublisher } from '../chat/types.ts';
import type { ClusterBus } from '../cluster/bus.ts';
import type { RealtimeHub } from './hub.ts';

/**
 * Chat events in cluster mode: serialized once, delivered to this node's sockets at once and
 * sent through Redis to the other nodes, which deliver the same frame to theirs.
 */
export class ClusterEvents implements EventPublisher {
  constructor(
    private readonly hub: RealtimeHub,
    private readonly bus: ClusterBus,
  ) {}

  publish(userIds: readonly string[], event: ServerEvent): void {
    const frame = JSON.stringify(event);
    this.hub.deliver(userIds, frame);
    this.bus.send({ kind: 'event', users: [...new Set(userIds)], frame });
  }
}
