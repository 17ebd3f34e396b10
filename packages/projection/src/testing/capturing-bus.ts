import type { BatchSubscribeOptions, EventBus } from '@cull-log/bus';

/** A bus that hands each batch subscription's options to the test, which then plays the batches itself. */
export function capturingBus() {
  const subscriptions: BatchSubscribeOptions[] = [];
  const stopped: string[] = [];
  const subscribeBatches: EventBus['subscribeBatches'] = async (options) => {
    subscriptions.push(options);
    return {
      stop: async () => {
        stopped.push(options.durableName);
      },
    };
  };
  const bus: EventBus = {
    publish: async () => undefined,
    eraseUser: async () => undefined,
    subscribe: async () => {
      throw new Error('projections subscribe to batches');
    },
    subscribeBatches,
    close: async () => undefined,
  };
  return { bus, subscriptions, stopped };
}
