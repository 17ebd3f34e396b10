/// <reference lib="webworker" />
/** Builds the browser's list of date locales for the page (see locale-list.ts), then ends. */
export {};

declare const self: DedicatedWorkerGlobalScope;

Intl.DateTimeFormat.supportedLocalesOf(['en-GB']);
self.close();
