/// <reference lib="webworker" />
/**
 * Checks the server's answers against the shared schemas off the page's main thread: building zod and the schemas was
 * the longest task of a signed-in screen's first load on a phone, and checking a long list is work of its own.
 */
import { checkWith, type CheckRequest } from './answer-check';
import * as contracts from './contracts-read';

declare const self: DedicatedWorkerGlobalScope;

self.addEventListener('message', (event: MessageEvent<CheckRequest>) => {
  self.postMessage(checkWith(contracts, event.data));
});
