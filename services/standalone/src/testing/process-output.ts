import { setTimeout as sleep } from 'node:timers/promises';

/** What a child process printed, kept for waiting on a line and for showing when a test fails. */
export class ProcessOutput {
  readonly lines: string[] = [];

  constructor(readonly name: string) {}

  readonly collect = (line: string): void => {
    this.lines.push(line);
  };

  /** The first line matching `pattern`, waiting for it at most `timeoutMs`; `giveUp` ends the wait early. */
  async waitForLine(
    pattern: RegExp,
    { timeoutMs, giveUp }: { timeoutMs: number; giveUp?: () => boolean },
  ): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const line of this.lines) {
        const match = line.match(pattern);
        if (match !== null) return match;
      }
      if (giveUp?.() === true || Date.now() > deadline) {
        throw new Error(`${this.name} did not print ${pattern}. Its output:\n${this.tail()}`);
      }
      await sleep(50);
    }
  }

  tail(count = 60): string {
    return this.lines
      .slice(-count)
      .map((line) => `  ${this.name} | ${line.slice(0, 400)}`)
      .join('\n');
  }
}
