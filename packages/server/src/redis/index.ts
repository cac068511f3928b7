export {
  createRedisStateStore,
  type RedisCommandClient,
  type RedisStateStore,
  type RedisStateStoreOptions,
} from "./redis-state-store.js";
