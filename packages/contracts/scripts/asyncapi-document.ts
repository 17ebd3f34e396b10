import { z } from 'zod';
import {
  BUS_STREAM,
  TEAM_OWNER_PREFIX,
  USER_ERASED_TYPE,
  eventShortName,
  type AnyLogEventType,
} from '../src/index';
import { EVENT_DOCUMENTS, UNION_FILE, type EventDocument } from './event-documents';

/** The AsyncAPI description of the event stream, beside the JSON Schemas of its messages. */
export const ASYNCAPI_FILE = 'asyncapi.json';

/** The last token of the erasure notice's subject; every event's is its short name. */
const ERASED_TOKEN = 'erased';

const DESCRIPTION = `Everything written in Cull Log is an event, kept in the event log and published on NATS JetStream, stream
\`${BUS_STREAM}\` (file storage), subjects \`culls.v1.>\`. A consumer (a reporting tool, a projection of its own) follows
the subjects it needs with a durable consumer of its own.

**Subjects.** \`culls.v1.<userId>.<short name>\`: the owner of the event, then what happened (\`recorded\`,
\`amended\`, \`ground_created\`, \`team_member_joined\`, …). A team's events are owned by the team:
\`<userId>\` is \`${TEAM_OWNER_PREFIX}<team id>\`. A user id with characters NATS treats specially is written as
\`~\` and its UTF-8 in hex, so it stays one token. \`culls.v1.<userId>.>\` follows everything of one user or team.

**Versions.** The \`v1\` of the subject is the layout of the subjects, not of the events. Each event names its own
version in its \`type\` (\`cull.recorded.v2\`); every version of an event travels on the same subject, so a filter
sees a record's whole history. A published version never changes; a new shape is a new version, and the stream
keeps the events of earlier versions (a \`cull.recorded.v1\` is a valid \`cull.recorded.v2\` under its new name:
every field v2 added is optional). Each message's payload is the event as in \`schemas/<type>.json\`, with
\`position\` added. The JSON Schema of any event is \`schemas/${UNION_FILE}\`.

**Delivery.** At least once. The stream stores each event once the event log has it, in the order of the log;
\`position\` is the event's place in that log, rising. A durable consumer is handed events in stream order and
acknowledges each after its own write commits; one not acknowledged in time, or refused, comes again, and nothing
later overtakes it. The message id (\`Nats-Msg-Id\`) is the event's \`id\`: the stream drops a repeat within its
duplicate window (two minutes), and a consumer dedupes by \`id\`, or by \`streamId\` and \`version\` (each stream's
events are numbered from 1 with no gap).

**Erasure.** When a user erases their account, every message on \`culls.v1.<userId>.>\` is purged and one notice,
\`${USER_ERASED_TYPE}\`, is published on \`culls.v1.<userId>.${ERASED_TOKEN}\` (without a message id): a consumer must
then delete everything it holds of that user.`;

interface Message {
  key: string;
  document: EventDocument;
  subjectToken: string;
}

/** A component key from an event type: `cull.recorded.v2` → `cull_recorded_v2`. */
const keyOf = (type: string) => type.replace(/\./g, '_');

/** The payload of a message as it travels: the event, with its position in the log (the notice has none). */
function payloadOf({ title, schema }: EventDocument) {
  const travelling =
    title === USER_ERASED_TYPE || !('extend' in schema)
      ? schema
      : schema.extend({
          position: z.number().int().min(1).meta({
            description: 'The event’s place in the event log: 1, 2, 3, … rising in the order of the stream.',
          }),
        });
  // AsyncAPI's own schema format is JSON Schema draft-07 and more.
  const { $schema: _dialect, ...body } = z.toJSONSchema(travelling, { target: 'draft-7' });
  return body;
}

/** The AsyncAPI 3.0 document of the event stream, as it is checked in (JSON, two-space indented). */
export function buildAsyncApi(): string {
  const messages: Message[] = EVENT_DOCUMENTS.filter((document) => document.file !== UNION_FILE).map(
    (document) => ({
      key: keyOf(document.title),
      document,
      subjectToken:
        document.title === USER_ERASED_TYPE
          ? ERASED_TOKEN
          : eventShortName(document.title as AnyLogEventType),
    }),
  );
  const subjects = [...new Set(messages.map((message) => message.subjectToken))];
  const ofSubject = (token: string) => messages.filter((message) => message.subjectToken === token);
  const ownerParameter = {
    description: `The owner of the event: a user's id, or ${TEAM_OWNER_PREFIX}<team id> for a team's (one subject token; see the description).`,
  };

  const channels = Object.fromEntries(
    subjects.map((token) => [
      token,
      {
        address: `culls.v1.{userId}.${token}`,
        title: token,
        description: `The ${ofSubject(token)
          .map((message) => `\`${message.document.title}\``)
          .join(' and ')} events of one owner.`,
        parameters: { userId: ownerParameter },
        messages: Object.fromEntries(
          ofSubject(token).map((message) => [message.key, { $ref: `#/components/messages/${message.key}` }]),
        ),
      },
    ]),
  );
  const operations = Object.fromEntries(
    subjects.map((token) => [
      `receive_${token}`,
      {
        action: 'receive',
        title: `Receive ${token}`,
        summary: `What a consumer of culls.v1.*.${token} receives.`,
        channel: { $ref: `#/channels/${token}` },
        messages: ofSubject(token).map((message) => ({
          $ref: `#/channels/${token}/messages/${message.key}`,
        })),
      },
    ]),
  );
  const componentMessages = Object.fromEntries(
    messages.map(({ key, document, subjectToken }) => [
      key,
      {
        name: document.title,
        title: document.title,
        summary: document.description,
        contentType: 'application/json',
        headers:
          subjectToken === ERASED_TOKEN
            ? undefined
            : {
                type: 'object',
                properties: {
                  'Nats-Msg-Id': {
                    type: 'string',
                    description:
                      'The event’s id: the stream drops a message whose id it has seen within two minutes.',
                  },
                },
              },
        correlationId: {
          description: 'The request that caused the event.',
          location: '$message.payload#/meta/correlationId',
        },
        payload: { $ref: `#/components/schemas/${key}` },
      },
    ]),
  );
  const schemas = Object.fromEntries(messages.map(({ key, document }) => [key, payloadOf(document)]));

  const document = {
    asyncapi: '3.0.0',
    info: {
      title: 'Cull Log event stream',
      version: '1.0.0',
      description: DESCRIPTION,
    },
    defaultContentType: 'application/json',
    servers: {
      nats: {
        host: 'localhost:4222',
        protocol: 'nats',
        description: 'The deployment’s NATS server (NATS_URL), with JetStream.',
      },
    },
    channels,
    operations,
    components: { messages: componentMessages, schemas },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
