import 'fake-indexeddb/auto';
import type { RecordCullRequest } from '@cull-log/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../client';
import { openOutbox, type OutboxCommand } from './outbox';
import { dropChange, keepMine, queueCommand, syncOutbox } from './sync';

const FAST = { initialMs: 1, maxMs: 4 };
let dbCount = 0;
const freshOutbox = () => openOutbox(`outbox-test-${++dbCount}`);

const body = (species: string) =>
  ({
    date: '2026-11-20',
    time: '06:00',
    species,
    sex: 'Male',
    age_class: 'Adult',
  }) as unknown as RecordCullRequest;
const create = (id: string, species = 'Roe Deer'): OutboxCommand => ({
  kind: 'create',
  recordId: id,
  body: body(species),
});
const amend = (id: string, version: number, notes: string): OutboxCommand => ({
  kind: 'amend',
  recordId: id,
  body: { notes, expected_version: version },
});

describe('the outbox', () => {
  it('keeps items per user in the order they were queued, across a reopening', async () => {
    const name = `outbox-test-${++dbCount}`;
    const outbox = openOutbox(name);
    await outbox.add('alice', create('a1'));
    await outbox.add('bob', create('b1'));
    await outbox.add('alice', amend('r9', 3, 'later'));
    const reopened = openOutbox(name);
    expect((await reopened.list('alice')).map((item) => item.command.recordId)).toEqual(['a1', 'r9']);
    expect((await reopened.list('bob')).map((item) => item.command.recordId)).toEqual(['b1']);
    expect((await reopened.list('carol')).length).toBe(0);
  });

  it('folds an amend of a record not yet sent into its create, and a delete of one drops it', async () => {
    const outbox = freshOutbox();
    await queueCommand(outbox, 'alice', create('a1'));
    await queueCommand(outbox, 'alice', amend('a1', 1, 'fixed'));
    const [item] = await outbox.list('alice');
    expect(item!.command).toEqual({
      kind: 'create',
      recordId: 'a1',
      body: { ...body('Roe Deer'), notes: 'fixed' },
    });
    await queueCommand(outbox, 'alice', { kind: 'delete', recordId: 'a1' });
    expect(await outbox.list('alice')).toEqual([]);
  });
});

describe('syncing', () => {
  it('sends each item once when two runs overlap', async () => {
    const outbox = freshOutbox();
    await outbox.add('alice', create('a1'));
    await outbox.add('alice', amend('a1', 1, 'later'));
    await outbox.add('alice', create('a2'));
    const sent: string[] = [];
    const send = vi.fn(async (command: OutboxCommand) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(`${command.kind}:${command.recordId}`);
    });
    const [first, second] = await Promise.all([
      syncOutbox(outbox, 'alice', send, { backoff: FAST }),
      syncOutbox(outbox, 'alice', send, { backoff: FAST }),
    ]);
    expect(first.sent + second.sent).toBe(sent.length);
    // Every change once, and a record's changes in order.
    expect([...sent].sort()).toEqual(['amend:a1', 'create:a1', 'create:a2']);
    expect(sent.indexOf('create:a1')).toBeLessThan(sent.indexOf('amend:a1'));
    // Whatever one run passed over is still there for the next.
    await syncOutbox(outbox, 'alice', send, { backoff: FAST });
    expect(await outbox.list('alice')).toEqual([]);
    expect([...sent].sort()).toEqual(['amend:a1', 'create:a1', 'create:a2']);
  });

  it('sends one user’s waiting items in order, one at a time, and removes each once accepted', async () => {
    const outbox = freshOutbox();
    await outbox.add('alice', create('a1'));
    await outbox.add('bob', create('b1'));
    await outbox.add('alice', amend('r9', 3, 'later'));
    let inFlight = 0;
    const sent: string[] = [];
    const send = vi.fn(async (command: OutboxCommand) => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(`${command.kind}:${command.recordId}`);
      inFlight--;
    });
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({ outcome: 'done', sent: 2 });
    expect(sent).toEqual(['create:a1', 'amend:r9']);
    expect(await outbox.list('alice')).toEqual([]);
    // Bob's item waits for Bob.
    expect((await outbox.list('bob')).length).toBe(1);
  });

  it('retries with backoff while there is no network, and sends exactly once when it is back', async () => {
    const outbox = freshOutbox();
    await outbox.add('alice', create('a1'));
    let failures = 2;
    const send = vi.fn(async () => {
      if (failures-- > 0) throw new ApiRequestError(0, 'network_error', 'The server could not be reached');
    });
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({ outcome: 'done', sent: 1 });
    expect(send).toHaveBeenCalledTimes(3);
    expect(await outbox.list('alice')).toEqual([]);
  });

  it('stops for now with everything kept when the network stays away', async () => {
    const outbox = freshOutbox();
    await outbox.add('alice', create('a1'));
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST, maxTries: 3 })).toEqual({
      outcome: 'stopped',
      sent: 0,
    });
    expect(send).toHaveBeenCalledTimes(3);
    expect((await outbox.list('alice'))[0]).toMatchObject({ state: 'waiting' });
  });

  it('keeps a refused item with the server’s reason, holds later changes to that record, and sends the rest', async () => {
    const outbox = freshOutbox();
    await outbox.add('alice', create('bad'));
    await outbox.add('alice', amend('bad', 1, 'again'));
    await outbox.add('alice', create('good'));
    const send = vi.fn(async (command: OutboxCommand) => {
      if (command.recordId === 'bad')
        throw new ApiRequestError(400, 'validation_failed', 'Check the fields', {
          grid_ref: 'Not a grid reference',
        });
    });
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({ outcome: 'done', sent: 1 });
    expect(send).toHaveBeenCalledTimes(2);
    const left = await outbox.list('alice');
    expect(left.map((item) => [item.command.kind, item.state])).toEqual([
      ['create', 'refused'],
      ['amend', 'waiting'],
    ]);
    expect(left[0]).toMatchObject({
      reason: 'Check the fields',
      fields: { grid_ref: 'Not a grid reference' },
    });
    await dropChange(outbox, left[0]!);
    expect((await outbox.list('alice')).length).toBe(1);
  });

  it('marks a version conflict, and keeping mine re-sends against the server’s new version', async () => {
    const outbox = freshOutbox();
    await outbox.add('alice', amend('r1', 2, 'mine'));
    const versions: unknown[] = [];
    const send = vi.fn(async (command: OutboxCommand) => {
      const expected = command.kind === 'amend' ? command.body.expected_version : undefined;
      versions.push(expected);
      if (expected !== 5) throw new ApiRequestError(409, 'version_conflict', 'Changed elsewhere');
    });
    await syncOutbox(outbox, 'alice', send, { backoff: FAST });
    const [conflict] = await outbox.list('alice');
    expect(conflict).toMatchObject({ state: 'conflict', reason: 'Changed elsewhere' });
    await keepMine(outbox, conflict!, 5);
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({ outcome: 'done', sent: 1 });
    expect(versions).toEqual([2, 5]);
    expect(await outbox.list('alice')).toEqual([]);
  });

  it('keeps every item when the session has ended', async () => {
    const outbox = freshOutbox();
    await outbox.add('alice', create('a1'));
    await outbox.add('alice', create('a2'));
    const send = vi.fn(async () => {
      throw new ApiRequestError(401, 'unauthenticated', 'Sign in');
    });
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({
      outcome: 'signed_out',
      sent: 0,
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect((await outbox.list('alice')).map((item) => item.state)).toEqual(['waiting', 'waiting']);
  });

  it('sends a photo after its record, holds it behind a refused record, and a photo already removed counts as sent', async () => {
    const outbox = freshOutbox();
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });
    await queueCommand(outbox, 'alice', create('a1'));
    await queueCommand(outbox, 'alice', { kind: 'add-photo', recordId: 'a1', photo, fileName: 'deer.jpg' });
    await queueCommand(outbox, 'alice', create('a2'));
    await queueCommand(outbox, 'alice', { kind: 'add-photo', recordId: 'a2', photo, fileName: 'fox.jpg' });
    await queueCommand(outbox, 'alice', { kind: 'remove-photo', recordId: 'r9', photoId: 'f'.repeat(32) });
    const sent: string[] = [];
    const send = vi.fn(async (command: OutboxCommand) => {
      if (command.kind === 'create' && command.recordId === 'a2') {
        throw new ApiRequestError(400, 'validation_failed', 'Some fields are missing or not valid.');
      }
      if (command.kind === 'remove-photo') throw new ApiRequestError(404, 'not_found', 'Photo not found');
      sent.push(`${command.kind}:${command.recordId}`);
    });
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({ outcome: 'done', sent: 2 });
    // The photo's bytes surviving IndexedDB is the browser's part, checked in the end-to-end suite.
    expect(sent).toEqual(['create:a1', 'add-photo:a1']);
    const left = await outbox.list('alice');
    expect(left.map((item) => [item.command.kind, item.command.recordId, item.state])).toEqual([
      ['create', 'a2', 'refused'],
      ['add-photo', 'a2', 'waiting'],
    ]);
  });
});

describe('an outing’s sightings', () => {
  const roe = (count: number) => ({
    species: 'Roe Deer' as const,
    sex: 'Female' as const,
    age_class: 'Adult' as const,
    count,
  });
  const sightings = (
    outingId: string,
    body: Extract<OutboxCommand, { kind: 'outing-sightings' }>['body'],
  ): OutboxCommand => ({
    kind: 'outing-sightings',
    recordId: outingId,
    body,
  });

  it('keeps one waiting item per outing: the newer list in place of the older, the people out kept', async () => {
    const outbox = freshOutbox();
    await queueCommand(outbox, 'alice', sightings('o1', { hunters: 2 }));
    await queueCommand(outbox, 'alice', sightings('o1', { sightings: [roe(1)] }));
    await queueCommand(outbox, 'alice', sightings('o2', { hunters: 1, sightings: [] }));
    await queueCommand(outbox, 'alice', sightings('o1', { sightings: [roe(2)] }));
    const left = await outbox.list('alice');
    expect(left.map((item) => item.command)).toEqual([
      sightings('o1', { hunters: 2, sightings: [roe(2)] }),
      sightings('o2', { hunters: 1, sightings: [] }),
    ]);
  });

  it('loses none of many quick changes queued without waiting for each other', async () => {
    const outbox = freshOutbox();
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        queueCommand(outbox, 'alice', sightings('o1', { sightings: [roe(index + 1)] })),
      ),
    );
    const left = await outbox.list('alice');
    expect(left.map((item) => item.command)).toEqual([sightings('o1', { sightings: [roe(12)] })]);
  });

  it('puts a newer list behind the one being sent, and sends both, in order, once each', async () => {
    const outbox = freshOutbox();
    await queueCommand(outbox, 'alice', sightings('o1', { sightings: [roe(1)] }));
    const sent: unknown[] = [];
    let release!: () => void;
    const sending = new Promise<void>((resolve) => (release = resolve));
    const send = vi.fn(async (command: OutboxCommand) => {
      if (sent.length === 0) await sending;
      sent.push(command.kind === 'outing-sightings' ? command.body.sightings : command.kind);
    });
    const run = syncOutbox(outbox, 'alice', send, { backoff: FAST });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await queueCommand(outbox, 'alice', sightings('o1', { sightings: [roe(2)] }));
    await queueCommand(outbox, 'alice', sightings('o1', { sightings: [roe(3)] }));
    release();
    expect(await run).toEqual({ outcome: 'done', sent: 1 });
    expect((await outbox.list('alice')).map((item) => item.command)).toEqual([
      sightings('o1', { sightings: [roe(3)] }),
    ]);
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({ outcome: 'done', sent: 1 });
    expect(sent).toEqual([[roe(1)], [roe(3)]]);
    expect(await outbox.list('alice')).toEqual([]);
  });

  it('keeps an item changed while it was being sent, to send the change too', async () => {
    const outbox = freshOutbox();
    const first = await outbox.add('alice', sightings('o1', { sightings: [roe(1)] }));
    const sent: unknown[] = [];
    const send = vi.fn(async (command: OutboxCommand) => {
      // The change lands in the item as the server answers for the first list.
      if (sent.length === 0)
        await outbox.update(first.seq, { command: sightings('o1', { sightings: [roe(2)] }) });
      sent.push(command.kind === 'outing-sightings' ? command.body.sightings : command.kind);
    });
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({ outcome: 'done', sent: 1 });
    expect((await outbox.list('alice')).map((item) => item.command)).toEqual([
      sightings('o1', { sightings: [roe(2)] }),
    ]);
    await syncOutbox(outbox, 'alice', send, { backoff: FAST });
    expect(sent).toEqual([[roe(1)], [roe(2)]]);
    expect(await outbox.list('alice')).toEqual([]);
  });

  it('keeps a refused list with its reason, and a newer list takes its place to be judged afresh', async () => {
    const outbox = freshOutbox();
    await queueCommand(outbox, 'alice', sightings('gone', { sightings: [roe(1)] }));
    const refuse = vi.fn(async () => {
      throw new ApiRequestError(404, 'not_found', 'Outing not found');
    });
    expect(await syncOutbox(outbox, 'alice', refuse, { backoff: FAST })).toEqual({
      outcome: 'done',
      sent: 0,
    });
    expect((await outbox.list('alice'))[0]).toMatchObject({ state: 'refused', reason: 'Outing not found' });
    await queueCommand(outbox, 'alice', sightings('gone', { sightings: [roe(2)] }));
    const [item] = await outbox.list('alice');
    expect(item).toMatchObject({ state: 'waiting', command: sightings('gone', { sightings: [roe(2)] }) });
    expect(item).not.toHaveProperty('reason');
  });
});

describe('a new count in the outbox', () => {
  const countBody: Extract<OutboxCommand, { kind: 'record-count' }>['body'] = {
    ground_id: '20000000-0000-4000-8000-000000000001',
    date: '2026-03-21',
    method: 'vantage_point',
    items: [{ species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 4 }],
  };
  const recordCount = (id: string): OutboxCommand => ({
    kind: 'record-count',
    recordId: id,
    body: countBody,
  });

  it('is sent with the others, under its own id again after an answer lost, and once accepted is sent no more', async () => {
    const outbox = freshOutbox();
    await queueCommand(outbox, 'alice', create('a1'));
    await queueCommand(outbox, 'alice', recordCount('c1'));
    const sent: OutboxCommand[] = [];
    let lost = true;
    const send = vi.fn(async (command: OutboxCommand) => {
      sent.push(command);
      // The server took it but the answer never came back.
      if (command.kind === 'record-count' && lost) {
        lost = false;
        throw new ApiRequestError(0, 'network', 'No signal');
      }
    });
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({ outcome: 'done', sent: 2 });
    expect(sent.map((command) => `${command.kind}:${command.recordId}`)).toEqual([
      'create:a1',
      'record-count:c1',
      'record-count:c1',
    ]);
    expect(sent[2]).toEqual(recordCount('c1'));
    expect(await outbox.list('alice')).toEqual([]);
    await syncOutbox(outbox, 'alice', send, { backoff: FAST });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('is kept when refused, with the server’s reason, and not sent again until the user acts', async () => {
    const outbox = freshOutbox();
    await queueCommand(outbox, 'alice', recordCount('c1'));
    await queueCommand(outbox, 'alice', recordCount('c2'));
    const send = vi.fn(async (command: OutboxCommand) => {
      if (command.recordId === 'c1')
        throw new ApiRequestError(400, 'validation_failed', 'Choose one of your grounds', {
          ground_id: 'Choose one of your grounds',
        });
    });
    expect(await syncOutbox(outbox, 'alice', send, { backoff: FAST })).toEqual({ outcome: 'done', sent: 1 });
    const left = await outbox.list('alice');
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      command: recordCount('c1'),
      state: 'refused',
      reason: 'Choose one of your grounds',
      fields: { ground_id: 'Choose one of your grounds' },
    });
    await syncOutbox(outbox, 'alice', send, { backoff: FAST });
    expect(send).toHaveBeenCalledTimes(2);
  });
});
