export { EventLog, Committed, type ConsumerJob, type EventConsumer, type EventConsumers } from './log.ts';
export type { DomainEvent, DomainEventType, EventIntent } from './types.ts';
