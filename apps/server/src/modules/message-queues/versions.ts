// The RabbitMQ versions a message queue can be created with (API.md `MessageQueueSpec`): the release line a
// customer picks and the patch level it runs, newest first.
export interface BrokerVersion {
  type: 'rabbitmq';
  version: string;
  patchLevelVersion: string;
}

export const BROKER_VERSIONS: readonly BrokerVersion[] = [
  { type: 'rabbitmq', version: '4.1', patchLevelVersion: '4.1.4' },
  { type: 'rabbitmq', version: '4.0', patchLevelVersion: '4.0.9' },
  { type: 'rabbitmq', version: '3.13', patchLevelVersion: '3.13.7' },
];
