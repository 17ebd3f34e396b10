/** A stream with no events yet: the initial state of every kind of stream kept whole. */
export interface AbsentStream {
  status: 'absent';
  version: 0;
}

/** A live stream: its version and what its kind keeps. */
export type LiveStream<Kept> = { status: 'active'; version: number } & Kept;
