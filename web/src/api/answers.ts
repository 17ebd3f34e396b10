/**
 * The server's answers, checked against the shared schemas in a worker of their own, so a screen's first load neither
 * builds zod and the schemas nor checks its data on the page's main thread. Where there is no worker (a browser
 * without module workers, the component tests' DOM) or it could not start, the page checks them itself.
 */
import { checkWith, type Answer, type AnswerName, type CheckReply, type CheckRequest } from './answer-check';

/** An answer the shared schema refused, with the schema's name and where the answer differs. */
export class AnswerCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerCheckError';
  }
}

const loadContracts = () => import('./contracts-read');

interface Waiting {
  request: CheckRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function settle(reply: CheckReply, answer: Waiting): void {
  if (reply.ok) answer.resolve(reply.value);
  else answer.reject(new AnswerCheckError(reply.message));
}

async function checkHere(answer: Waiting): Promise<void> {
  try {
    settle(checkWith(await loadContracts(), answer.request), answer);
  } catch (error) {
    answer.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** The worker, started at the first answer; null once it is known there is none. */
function answersWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./answer-worker.ts', import.meta.url), { type: 'module', name: 'answers' });
  } catch {
    return (worker = null);
  }
  worker.addEventListener('message', (event: MessageEvent<CheckReply>) => {
    const answer = waiting.get(event.data.id);
    if (!answer) return;
    waiting.delete(event.data.id);
    settle(event.data, answer);
  });
  // A worker that failed to start (or to load its code) checks nothing more: what it held is checked here.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    const stranded = [...waiting.values()];
    waiting.clear();
    for (const answer of stranded) void checkHere(answer);
  });
  return worker;
}

/** Starts the worker (or loading the schemas, where there is none) before the answer arrives. */
export function prepareAnswerChecks(): void {
  if (answersWorker() === null) void loadContracts().catch(() => undefined);
}

/** `body` checked against the shared schema `name`: what that schema's `parse` gives, or an `AnswerCheckError`. */
export function checkAnswer<K extends AnswerName>(name: K, body: unknown): Promise<Answer<K>> {
  return new Promise<unknown>((resolve, reject) => {
    const answer: Waiting = { request: { id: nextId++, name, body }, resolve, reject };
    const checker = answersWorker();
    if (checker === null) {
      void checkHere(answer);
      return;
    }
    waiting.set(answer.request.id, answer);
    checker.postMessage(answer.request);
  }) as Promise<Answer<K>>;
}
