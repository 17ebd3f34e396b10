import type { EventBus, SubscribeOptions } from '@cull-log/bus';

/** A bus that hands each subscription's options to the test, which then plays the deliveries itself. */
export function capturingBus() {
  const subscriptions: SubscribeOptions[] = [];
  const stopped: string[] = [];
  const bus: EventBus = {
    publish: async () => undefined,
    subscribe: async (options) => {
      subscriptions.push(options);
      return {
        stop: async () => {
          stopped.push(options.durableName);
        },
      };
    },
    close: async () => undefined,
  };
  return { bus, subscriptions, stopped };
}
