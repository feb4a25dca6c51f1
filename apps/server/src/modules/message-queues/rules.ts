import { MESSAGE_QUEUE_PLANS, type BrokerPlan } from '../pricing/message-queue-plans.ts';
import { BROKER_VERSIONS, type BrokerVersion } from './versions.ts';

/** The user every queue is created with: it can do anything on the queue, and cannot be deleted. */
export const ADMIN_USER = 'admin';

export const findPlan = (id: string): BrokerPlan | undefined =>
  MESSAGE_QUEUE_PLANS.find((plan) => plan.id === id);

/** The broker version of a spec, matched case-insensitively on the type (`RabbitMQ`, `rabbitmq`). */
export const findVersion = (type: string, version: string): BrokerVersion | undefined =>
  BROKER_VERSIONS.find((candidate) => candidate.type === type.toLowerCase() && candidate.version === version);

export const versionList = () =>
  BROKER_VERSIONS.map((version) => `${version.type} ${version.version}`).join(', ');
