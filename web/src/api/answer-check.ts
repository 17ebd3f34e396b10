import type * as ContractsModule from './contracts-read';

export type Contracts = typeof ContractsModule;

/** The name of one of the shared schemas the server's answers are checked with, e.g. `'ListCullsResponse'`. */
export type AnswerName = keyof Contracts;

/** What an answer of that name is, once checked. */
export type Answer<K extends AnswerName> = ReturnType<Contracts[K]['parse']>;

/** An answer to check against the schema of that name. */
export interface CheckRequest {
  id: number;
  name: AnswerName;
  body: unknown;
}

/** The checked answer (unknown fields dropped, defaults filled in), or why it was refused. */
export type CheckReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/** The schemas' own checking, wherever it runs: in the answers' worker, or on the page where there is none. */
export function checkWith(contracts: Contracts, { id, name, body }: CheckRequest): CheckReply {
  const checked = contracts[name].safeParse(body);
  if (checked.success) return { id, ok: true, value: checked.data };
  const where = checked.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length === 0 ? 'the answer' : issue.path.join('.')}: ${issue.message}`)
    .join('; ');
  return { id, ok: false, message: `The server's answer was not as expected (${name}: ${where})` };
}
