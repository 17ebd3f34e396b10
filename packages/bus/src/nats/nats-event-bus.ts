import {
  BUS_STREAM,
  EventContractError,
  busSubject,
  parseStoredEvent,
  parseUserErased,
  sleep,
  userErasedSubject,
  userSubjectFilter,
  type StoredLogEvent,
  type UserErased,
} from '@cull-log/contracts';
import { createWakeSignal } from '@cull-log/storage-kit';
import {
  AckPolicy,
  ConsumerEvents,
  DeliverPolicy,
  ErrorCode,
  NatsError,
  StorageType,
  connect,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import { consoleBusLogger, describeError, logHandlerFailure, type BusLogger } from '../bus-logger';
import {
  oneAtATime,
  type BatchSubscribeOptions,
  type DeliveryBatch,
  type EventBus,
  type Subscription,
} from '../event-bus';

export interface NatsBusOptions {
  /** One or more `nats://host:port` URLs. */
  servers: string | string[];
  streamName?: string;
  logger?: BusLogger;
  /**
   * How long publish() waits for the stream to confirm storage. While the server is away the
   * message waits in the client's reconnect buffer, so publish resolves if the server returns in
   * time and rejects otherwise. Default 5 s.
   */
  publishTimeoutMs?: number;
  /** Window in which a repeated event id is recognised and dropped by the stream. Default 2 min. */
  duplicateWindowMs?: number;
  /** Pause between reconnect attempts (they go on for ever). Default 1 s. */
  reconnectWaitMs?: number;
  /** Connection name shown in the server's monitoring. */
  connectionName?: string;
  /**
   * Keep trying when no server answers at start-up instead of rejecting: for consumers that have
   * nothing to do until the bus is there. Default false.
   */
  waitOnFirstConnect?: boolean;
  /**
   * The user the bus signs in as. The server's permissions for that user decide what it may publish and read;
   * its replies come to `_INBOX.<user>.…`, so a permission can keep each user to its own.
   */
  credentials?: NatsCredentials;
  /** TLS to the server: a CA to trust besides the system's, and a client certificate when the server asks for one. */
  tls?: NatsTls;
  /**
   * Whether this bus makes the stream when it is missing and keeps its settings (the publisher), or waits for
   * it (a consumer, which the server's permissions may forbid to create it). Default true.
   */
  manageStream?: boolean;
  /**
   * How long the stream keeps an event. The stream only carries events to the consumers; the event store keeps
   * them, and a projection rebuilds from the store. Default 30 days.
   */
  maxAgeMs?: number;
}

export interface NatsCredentials {
  user: string;
  password: string;
}

/** Paths of PEM files. */
export interface NatsTls {
  caFile?: string;
  certFile?: string;
  keyFile?: string;
}

/** What the stream keeps by default: long enough for any consumer to come back from an outage. */
export const DEFAULT_STREAM_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const STREAM_WAIT_MS = 1_000;

const CULL_SUBJECTS = 'culls.v1.>';

const DEFAULT_ACK_WAIT_MS = 10_000;
const DEFAULT_RETRY_DELAY_MS = 1_000;
/** Messages a subscription asks the server for at a time, at least. */
const MIN_PULL_MESSAGES = 8;
const PUBLISH_ATTEMPT_TIMEOUT_MS = 2_000;
const PUBLISH_RETRY_PAUSE_MS = 100;

/** The bus could not confirm a publish in time; publishing the same event again is safe. */
export class BusUnavailableError extends Error {
  override readonly name = 'BusUnavailableError';
}

const API_ERRORS = {
  consumerNotFound: 10014,
  streamNameInUse: 10058,
  streamNotFound: 10059,
} as const;

function apiErrorCode(error: unknown): number | undefined {
  return error instanceof NatsError ? error.api_error?.err_code : undefined;
}

function isNoResponders(error: unknown): boolean {
  return error instanceof NatsError && error.code === ErrorCode.JetStreamNotEnabled;
}

/** No answer, no JetStream yet (just restarted), or the link dropped mid-request. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof NatsError)) return false;
  const transient: string[] = [ErrorCode.Timeout, ErrorCode.JetStreamNotEnabled, ErrorCode.Disconnect];
  return transient.includes(error.code);
}

/**
 * Connects to NATS and makes sure the JetStream stream exists. Rejects when no server can be
 * reached now; once connected it reconnects for ever.
 */
export async function connectNatsBus(options: NatsBusOptions): Promise<EventBus> {
  const streamName = options.streamName ?? BUS_STREAM;
  const logger = options.logger ?? consoleBusLogger;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const streamSettings = {
    duplicateWindowMs: options.duplicateWindowMs ?? 120_000,
    maxAgeMs: options.maxAgeMs ?? DEFAULT_STREAM_MAX_AGE_MS,
  };
  const { credentials, tls } = options;

  const connection = await connect({
    servers: options.servers,
    name: options.connectionName ?? 'cull-log-bus',
    maxReconnectAttempts: -1,
    reconnectTimeWait: options.reconnectWaitMs ?? 1_000,
    waitOnFirstConnect: options.waitOnFirstConnect ?? false,
    ...(credentials === undefined
      ? {}
      : { user: credentials.user, pass: credentials.password, inboxPrefix: `_INBOX.${credentials.user}` }),
    ...(tls === undefined ? {} : { tls: { ...tls } }),
  });
  const link = watchConnection(connection, logger);
  const manager = await connection.jetstreamManager();
  const jetstream = connection.jetstream();

  const manageStream = options.manageStream ?? true;
  // A consumer looks the stream up again when it goes missing; the publisher makes it again.
  const ensureStream = manageStream
    ? () => ensureCullStream(manager, streamName, streamSettings)
    : async () => void (await manager.streams.info(streamName));
  try {
    await (manageStream ? ensureStream() : awaitStream(manager, streamName, logger));
  } catch (error) {
    await connection.close();
    throw error;
  }

  const subscriptions = new Set<NatsSubscription>();

  /** Publishes once confirmed by the stream, waiting out a reconnect up to `publishTimeoutMs`. */
  async function publishConfirmed(subject: string, payload: string, msgID?: string): Promise<void> {
    const deadline = Date.now() + publishTimeoutMs;
    for (let attempt = 1; ; attempt++) {
      if (!link.connected && !(await link.reconnected(deadline - Date.now()))) {
        throw new BusUnavailableError(
          `NATS server unavailable for ${publishTimeoutMs} ms; event not published`,
        );
      }
      const remaining = deadline - Date.now();
      try {
        await jetstream.publish(subject, payload, {
          ...(msgID === undefined ? {} : { msgID }),
          timeout: Math.max(1, Math.min(remaining, PUBLISH_ATTEMPT_TIMEOUT_MS)),
          expect: { streamName },
        });
        return;
      } catch (error) {
        if (!isTransient(error)) throw error;
        if (Date.now() + PUBLISH_RETRY_PAUSE_MS >= deadline) {
          throw new BusUnavailableError(`Event not confirmed by NATS within ${publishTimeoutMs} ms`, {
            cause: error,
          });
        }
        // The same event id again is harmless, so any error that may pass is worth another try.
        // 503 persists if the stream itself is gone (a server with a fresh store).
        if (isNoResponders(error) && attempt % 5 === 0) await ensureStream().catch(() => undefined);
        await sleep(PUBLISH_RETRY_PAUSE_MS);
      }
    }
  }

  async function subscribeBatches(subscribeOptions: BatchSubscribeOptions): Promise<Subscription> {
    const subscription = await startNatsSubscription({
      manager,
      jetstream,
      streamName,
      logger,
      options: subscribeOptions,
      ensureStream,
    });
    subscriptions.add(subscription);
    return {
      stop: async () => {
        subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  return {
    publish: (event) => publishConfirmed(busSubject(event), JSON.stringify(event), event.id),

    /**
     * Purges every message on the user's subjects (their events, and an earlier erasure notice), then publishes
     * the notice on culls.v1.<user>.erased: the one message of the user left, which consumers need to erase too.
     * Erasing again (a retry) leaves one notice; a consumer may hear one twice, and erasing is idempotent.
     */
    async eraseUser(erasure) {
      if (!link.connected && !(await link.reconnected(publishTimeoutMs))) {
        throw new BusUnavailableError('NATS server unavailable; the user was not erased from the stream');
      }
      try {
        await manager.streams.purge(streamName, { filter: userSubjectFilter(erasure.userId) });
      } catch (error) {
        if (isTransient(error))
          throw new BusUnavailableError('NATS did not purge the user', { cause: error });
        throw error;
      }
      // No message id: erasing again purges the earlier notice, and the stream would drop this one as its duplicate.
      await publishConfirmed(userErasedSubject(erasure.userId), JSON.stringify(erasure));
    },

    subscribe: (subscribeOptions) => subscribeBatches(oneAtATime(subscribeOptions)),
    subscribeBatches,

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
      if (connection.isClosed()) return;
      // drain() waits for the server, which may be away; close() afterwards in any case.
      await Promise.race([connection.drain().catch(() => undefined), sleep(2_000)]);
      if (!connection.isClosed()) await connection.close();
    },
  };
}

/** Makes the stream, or gives an existing one the max age asked for (a stream from before it had one). */
async function ensureCullStream(
  manager: JetStreamManager,
  streamName: string,
  { duplicateWindowMs, maxAgeMs }: { duplicateWindowMs: number; maxAgeMs: number },
): Promise<void> {
  const maxAge = nanos(maxAgeMs);
  try {
    const { config } = await manager.streams.info(streamName);
    // The client merges this into the stream's present settings.
    if (config.max_age !== maxAge) await manager.streams.update(streamName, { max_age: maxAge });
    return;
  } catch (error) {
    if (apiErrorCode(error) !== API_ERRORS.streamNotFound) throw error;
  }
  try {
    await manager.streams.add({
      name: streamName,
      subjects: [CULL_SUBJECTS],
      storage: StorageType.File,
      duplicate_window: nanos(duplicateWindowMs),
      max_age: maxAge,
    });
  } catch (error) {
    // Another process created it between our look and our add.
    if (apiErrorCode(error) !== API_ERRORS.streamNameInUse) throw error;
  }
}

/** Resolves once the stream exists: a consumer may not make it, the publisher does. */
async function awaitStream(manager: JetStreamManager, streamName: string, logger: BusLogger): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await manager.streams.info(streamName);
      return;
    } catch (error) {
      if (apiErrorCode(error) !== API_ERRORS.streamNotFound) throw error;
    }
    if (attempt === 1) logger.info({ streamName }, 'Waiting for the publisher to create the stream');
    await sleep(STREAM_WAIT_MS);
  }
}

/**
 * Makes the durable consumer, or sets an existing one's ack wait and batch size; resolves with how many
 * deliveries it has outstanding. Those are a batch whose holder died (or another replica's, at work): they
 * come back one by one as each one's ack wait ends, so until they all have, the consumer hands out nothing
 * new beside them (one outstanding at most), and nothing later overtakes them.
 */
async function ensureConsumer(
  manager: JetStreamManager,
  streamName: string,
  durableName: string,
  { ackWaitMs, maxBatchSize }: { ackWaitMs: number; maxBatchSize: number },
): Promise<{ outstanding: number }> {
  const ackWait = nanos(ackWaitMs);
  try {
    const info = await manager.consumers.info(streamName, durableName);
    const outstanding = info.num_ack_pending;
    const maxAckPending = outstanding > 0 ? 1 : maxBatchSize;
    if (info.config.ack_wait !== ackWait || info.config.max_ack_pending !== maxAckPending) {
      await manager.consumers.update(streamName, durableName, {
        ack_wait: ackWait,
        max_ack_pending: maxAckPending,
      });
    }
    return { outstanding };
  } catch (error) {
    if (apiErrorCode(error) !== API_ERRORS.consumerNotFound) throw error;
  }
  await manager.consumers.add(streamName, {
    durable_name: durableName,
    ack_policy: AckPolicy.Explicit,
    ack_wait: ackWait,
    deliver_policy: DeliverPolicy.All,
    // No more outstanding than one batch: a batch is answered whole, which keeps log order across redeliveries.
    max_ack_pending: maxBatchSize,
    max_deliver: -1,
  });
  return { outstanding: 0 };
}

/** Gives the consumer its whole batch size back once nothing a previous holder left is outstanding; true when done. */
async function liftLimitWhenCaughtUp(
  manager: JetStreamManager,
  streamName: string,
  durableName: string,
  maxBatchSize: number,
): Promise<boolean> {
  const info = await manager.consumers.info(streamName, durableName);
  if (info.num_ack_pending > 0) return false;
  if (info.config.max_ack_pending !== maxBatchSize)
    await manager.consumers.update(streamName, durableName, { max_ack_pending: maxBatchSize });
  return true;
}

interface NatsSubscription {
  stop(): Promise<void>;
}

async function startNatsSubscription(context: {
  manager: JetStreamManager;
  jetstream: JetStreamClient;
  streamName: string;
  logger: BusLogger;
  options: BatchSubscribeOptions;
  ensureStream: () => Promise<void>;
}): Promise<NatsSubscription> {
  const { manager, jetstream, streamName, logger, options, ensureStream } = context;
  const { durableName, handler, maxBatchSize, onUserErased } = options;
  const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const consumerSettings = { ackWaitMs, maxBatchSize };

  let limited = (await ensureConsumer(manager, streamName, durableName, consumerSettings)).outstanding > 0;
  const consumer = await jetstream.consumers.get(streamName, durableName);
  const messages = await consumer.consume({ max_messages: Math.max(maxBatchSize, MIN_PULL_MESSAGES) });
  void recreateWhenMissing(messages, async () => {
    await ensureStream();
    await ensureConsumer(manager, streamName, durableName, consumerSettings);
  });

  /** Messages received and not yet handed to the handler: the next batch. */
  const received: JsMsg[] = [];
  const arrivals = createWakeSignal();
  let closed = false;
  const receiving = (async () => {
    for await (const message of messages) {
      received.push(message);
      arrivals.wake();
    }
  })().finally(() => {
    closed = true;
    arrivals.wake();
  });

  /** The valid events among `batch`; any other message is logged and terminated. */
  function validEvents(batch: JsMsg[]): { message: JsMsg; event: StoredLogEvent }[] {
    const valid: { message: JsMsg; event: StoredLogEvent }[] = [];
    for (const message of batch) {
      const parsed = parseMessage(message);
      if (parsed.ok) {
        valid.push({ message, event: parsed.event });
        continue;
      }
      logger.error(
        { subject: message.subject, streamSequence: message.seq, durableName, reason: parsed.reason },
        'Dropping a bus message that is not a valid cull event',
      );
      // No reason text: Debian's nats-server 2.9 does not understand TERM with one and keeps the message.
      message.term();
    }
    return valid;
  }

  /**
   * After a nak, the stream sequence that must come back before anything later is handed out: later
   * messages the server sent before it had the nak are asked again too, so they come back behind it, in
   * order. An earlier one (a consumer made again from the start) ends the wait as well.
   */
  let redeliveryFrom: number | undefined;

  function nextBatch(): JsMsg[] {
    const batch: JsMsg[] = [];
    for (let message = received.shift(); message !== undefined; message = received.shift()) {
      if (redeliveryFrom !== undefined && message.seq > redeliveryFrom) {
        message.nak();
        continue;
      }
      redeliveryFrom = undefined;
      // An erasure is answered on its own, so every event before it is done with before it, none after.
      if (isErasureMessage(message)) {
        if (batch.length > 0) received.unshift(message);
        else batch.push(message);
        break;
      }
      batch.push(message);
      if (batch.length === maxBatchSize) break;
    }
    return batch;
  }

  /** A user's erasure: `onUserErased`, then the ack; a failure has it delivered again, before anything later. */
  async function handleErasure(message: JsMsg): Promise<void> {
    const erasure = parseErasure(message);
    if (erasure === undefined) {
      logger.error(
        { subject: message.subject, streamSequence: message.seq, durableName },
        'Dropping a bus message that is not a valid user erasure',
      );
      message.term();
      return;
    }
    const keepAlive = setInterval(
      () => {
        for (const waiting of [message, ...received]) waiting.working();
      },
      Math.max(ackWaitMs / 2, 100),
    );
    try {
      await onUserErased?.(erasure);
      await message.ackAck();
    } catch (error) {
      logger.warn(
        { durableName, eventId: erasure.id, error: describeError(error) },
        'Erasing a user failed; the erasure will be delivered again',
      );
      await sleep(retryDelayMs);
      redeliveryFrom = message.seq;
      message.nak();
    } finally {
      clearInterval(keepAlive);
    }
  }

  async function handle(batch: JsMsg[]): Promise<void> {
    const valid = validEvents(batch);
    if (valid.length === 0) return;
    let answered = false;
    // The rest are asked again before the acknowledged ones are let go, so no later event overtakes them.
    async function answer(acknowledged: number): Promise<void> {
      answered = true;
      redeliveryFrom = valid[acknowledged]?.message.seq;
      for (const { message } of valid.slice(acknowledged)) message.nak();
      try {
        await Promise.all(valid.slice(0, acknowledged).map(({ message }) => message.ackAck()));
      } catch (error) {
        answered = false;
        throw error;
      }
    }
    const deliveryBatch: DeliveryBatch = {
      deliveries: valid.map(({ message, event }) => ({ event, deliveryCount: message.info.deliveryCount })),
      async ack(count = valid.length) {
        if (!answered) await answer(Math.min(count, valid.length));
      },
      async nak() {
        if (!answered) await answer(0);
      },
    };
    // A handler still at work keeps its deliveries, and those waiting behind them, instead of having them redelivered.
    const keepAlive = setInterval(
      () => {
        if (!answered) for (const { message } of valid) message.working();
        for (const message of received) message.working();
      },
      Math.max(ackWaitMs / 2, 100),
    );
    try {
      await handler(deliveryBatch);
    } catch (error) {
      const [first] = valid;
      logHandlerFailure(logger, {
        durableName,
        first: first?.event,
        events: valid.length,
        deliveryCount: first?.message.info.deliveryCount,
        error,
      });
      if (!answered) {
        // Waiting here rather than naking with a delay: the server's timer would let later messages overtake.
        await sleep(retryDelayMs);
        await answer(0).catch(() => undefined);
      }
    } finally {
      clearInterval(keepAlive);
    }
  }

  const loop = (async () => {
    // Once stopped, what was received but not handed out stays unacknowledged, for the next consumer.
    while (!closed) {
      if (received.length === 0) {
        await arrivals.sleep(ackWaitMs);
        continue;
      }
      const batch = nextBatch();
      const [first] = batch;
      if (first !== undefined && isErasureMessage(first)) await handleErasure(first);
      else await handle(batch);
      if (limited) {
        limited = !(await liftLimitWhenCaughtUp(manager, streamName, durableName, maxBatchSize).catch(
          () => false,
        ));
      }
    }
  })().catch((error: unknown) => {
    logger.error({ durableName, error: describeError(error) }, 'Bus subscription ended unexpectedly');
  });

  return {
    async stop() {
      await messages.close().catch(() => undefined);
      await receiving.catch(() => undefined);
      await loop;
    },
  };
}

/** Erasure notices take the subject culls.v1.<user>.erased; every cull event another last token. */
function isErasureMessage(message: JsMsg): boolean {
  return message.subject.endsWith('.erased');
}

function parseErasure(message: JsMsg): UserErased | undefined {
  try {
    return parseUserErased(message.json());
  } catch {
    return undefined;
  }
}

type ParsedMessage = { ok: true; event: StoredLogEvent } | { ok: false; reason: string };

/** Bytes off the wire: the one place a consumer checks an event against the contract. */
function parseMessage(message: JsMsg): ParsedMessage {
  let body: unknown;
  try {
    body = message.json();
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  try {
    const { position } = (body ?? {}) as { position?: unknown };
    return { ok: true, event: parseStoredEvent(body, position) };
  } catch (error) {
    if (!(error instanceof EventContractError)) throw error;
    return { ok: false, reason: error.reason };
  }
}

/** The client retries a missing consumer for ever but never recreates it; we do. */
async function recreateWhenMissing(messages: ConsumerMessages, recreate: () => Promise<void>): Promise<void> {
  for await (const status of await messages.status()) {
    if (status.type === ConsumerEvents.ConsumerNotFound || status.type === ConsumerEvents.StreamNotFound) {
      await recreate().catch(() => undefined);
    }
  }
}

interface ConnectionLink {
  readonly connected: boolean;
  /** Resolves true once connected again, or false when `withinMs` passes first. */
  reconnected(withinMs: number): Promise<boolean>;
}

/** nats.js drops what is published while disconnected, so publish() waits for the link instead. */
function watchConnection(connection: NatsConnection, logger: BusLogger): ConnectionLink {
  let connected = true;
  const waiting = new Set<() => void>();
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        logger.warn({ server: status.data }, 'Lost the NATS server; reconnecting');
      } else if (status.type === 'reconnect') {
        connected = true;
        logger.info({ server: status.data }, 'Reconnected to NATS');
        for (const wake of waiting) wake();
      }
    }
  })();
  return {
    get connected() {
      return connected;
    },
    reconnected(withinMs) {
      if (connected) return Promise.resolve(true);
      if (withinMs <= 0 || connection.isClosed()) return Promise.resolve(false);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(connected);
        };
        const timer = setTimeout(wake, withinMs);
        waiting.add(wake);
      });
    },
  };
}
