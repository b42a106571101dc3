import redisPersistence from 'aedes-persistence-redis';
import { Redis } from 'ioredis';
import { MQEmitterRedisPrefix } from 'mqemitter-redis';

/**
 * Scale-out (brief §1): with REDIS_URL every server process's broker shares subscriptions,
 * deliveries and retained state through Redis — mqemitter-redis carries the messages,
 * aedes-persistence-redis the sessions. The prefix keeps several deployments (or test runs)
 * on one Redis apart: it prefixes both the pub/sub channels and the keys.
 */
export function createRedisBrokerParts(redisUrl: string, prefix: string) {
  const subConn = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
  const pubConn = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
  const persistenceConn = new Redis(redisUrl, { keyPrefix: prefix });
  const mq = new MQEmitterRedisPrefix(prefix, { subConn, pubConn });
  const persistence = redisPersistence({ conn: persistenceConn });

  return {
    mq,
    persistence,
    /** broker.close() closes the emitter but leaves the persistence connection open (stack-notes). */
    async close(): Promise<void> {
      await persistence.destroy().catch(() => undefined);
      persistenceConn.disconnect();
      subConn.disconnect();
      pubConn.disconnect();
    },
  };
}
