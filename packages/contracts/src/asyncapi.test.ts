import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASYNCAPI_FILE, buildAsyncApi } from '../scripts/asyncapi-document';
import { SCHEMAS_DIR } from '../scripts/generate-json-schema';
import {
  ALL_EVENT_TYPES,
  BUS_STREAM,
  USER_ERASED_TYPE,
  busSubject,
  eventShortName,
  userErasedSubject,
} from './index';

const regenerate = 'run `npm run schemas -w packages/contracts` and commit the result';

interface AsyncApi {
  asyncapi: string;
  info: { description: string };
  channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
  operations: Record<string, { action: string; channel: { $ref: string } }>;
  components: {
    messages: Record<string, { name: string; payload: { $ref: string }; headers?: unknown }>;
    schemas: Record<string, { properties: Record<string, { const?: string }>; required: string[] }>;
  };
}

/** The subject a channel's address stands for, for an owner. */
const subjectOf = (address: string, owner: string) => address.replace('{userId}', owner);

describe('the AsyncAPI document of the event stream', () => {
  const text = buildAsyncApi();
  const document = JSON.parse(text) as AsyncApi;

  it('is checked in beside the JSON Schemas, up to date', async () => {
    const checkedIn = await readFile(join(SCHEMAS_DIR, ASYNCAPI_FILE), 'utf8').catch(() => '');
    expect(checkedIn, `schemas/${ASYNCAPI_FILE} is out of date: ${regenerate}`).toBe(text);
  });

  it('is AsyncAPI 3.0 and names the stream, its delivery and its versions', () => {
    expect(document.asyncapi).toBe('3.0.0');
    expect(document.info.description).toContain(`\`${BUS_STREAM}\``);
    expect(document.info.description).toMatch(/At least once/);
    expect(document.info.description).toMatch(/Nats-Msg-Id/);
    expect(document.info.description).toMatch(/\*\*Versions\.\*\*/);
  });

  it('has a message for every event type and the erasure notice, each on the subject the bus publishes it on', () => {
    const owner = '118429120445';
    for (const type of [...ALL_EVENT_TYPES, USER_ERASED_TYPE] as const) {
      const entry = Object.entries(document.components.messages).find(([, message]) => message.name === type);
      expect(entry, type).toBeDefined();
      const [key] = entry!;
      const channels = Object.values(document.channels).filter((channel) => key in channel.messages);
      expect(channels, type).toHaveLength(1);
      const expected =
        type === USER_ERASED_TYPE ? userErasedSubject(owner) : busSubject({ type, userId: owner });
      expect(subjectOf(channels[0]!.address, owner), type).toBe(expected);
      const schema = document.components.schemas[key]!;
      expect(schema.properties.type?.const, type).toBe(type);
    }
  });

  it('has a channel for every subject and an operation to receive from each', () => {
    const tokens = new Set([...ALL_EVENT_TYPES.map((type) => eventShortName(type)), 'erased']);
    expect(Object.keys(document.channels).sort()).toEqual([...tokens].sort());
    for (const token of tokens) {
      const operation = document.operations[`receive_${token}`];
      expect(operation?.action, token).toBe('receive');
      expect(operation?.channel.$ref).toBe(`#/channels/${token}`);
    }
  });

  it('gives each event its position in the log, and the notice none', () => {
    for (const [key, message] of Object.entries(document.components.messages)) {
      const schema = document.components.schemas[key]!;
      if (message.name === USER_ERASED_TYPE) {
        expect(schema.properties).not.toHaveProperty('position');
        expect(message.headers).toBeUndefined();
      } else {
        expect(schema.required, key).toContain('position');
        expect(message.headers, key).toBeDefined();
      }
    }
  });
});
