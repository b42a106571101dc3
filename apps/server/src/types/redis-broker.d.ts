/**
 * mqemitter-redis 7.2 and aedes-persistence-redis 11.2 ship no types (stack-notes): these
 * shims declare the parts the broker plugin uses.
 */
declare module 'mqemitter-redis' {
  import type { Redis } from 'ioredis';

  interface MQEmitterRedisOptions {
    connectionString?: string;
    subConn?: Redis;
    pubConn?: Redis;
  }

  /** An mqemitter (what aedes takes as `mq`) that carries packets over Redis pub/sub. */
  interface MQEmitterRedis {
    close(callback?: () => void): void;
  }

  export const MQEmitterRedisPrefix: new (prefix: string, options: MQEmitterRedisOptions) => MQEmitterRedis;
  const mqemitterRedis: (options: MQEmitterRedisOptions) => MQEmitterRedis;
  export default mqemitterRedis;
}

declare module 'aedes-persistence-redis' {
  import type { Redis } from 'ioredis';

  interface RedisPersistenceOptions {
    conn?: Redis;
    maxSessionDelivery?: number;
    packetTTL?: () => number;
  }

  /** An aedes persistence kept in Redis; `destroy` ends its subscriptions (not its connection). */
  interface RedisPersistence {
    destroy(): Promise<void>;
  }

  const redisPersistence: (options: RedisPersistenceOptions) => RedisPersistence;
  export default redisPersistence;
}
