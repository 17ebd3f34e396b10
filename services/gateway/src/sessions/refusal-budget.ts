import type { BudgetCounter } from '../budgets/budget-counter';

/**
 * Requests refused as not signed in, counted per client address in fixed windows. Past its budget an address is
 * answered 429 before the session or token store is read, so a stream of made-up cookies or tokens costs the stores
 * nothing; a request with a valid session or token spends none of it.
 *
 * With the shared budgets, each refusal is counted where every replica sees it, so three replicas grant an address one
 * budget, not three: a replica learns an address is spent at its own next refusal of it (one more at most), and until
 * the window ends answers 429 from its own memory, reading nothing. Without them, each process counts alone.
 */
export class RefusalBudget {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private sweptAt = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly shared?: BudgetCounter,
  ) {}

  /** Whether the address has been refused as often as it may be in its current window. */
  exhausted(address: string): boolean {
    const window = this.windows.get(address);
    return window !== undefined && window.endsAt > this.now() && window.count >= this.max;
  }

  /** Counts one refusal of the address. */
  async spend(address: string): Promise<void> {
    const now = this.now();
    this.sweep(now);
    const window = this.windows.get(address);
    if (window === undefined || window.endsAt <= now) {
      this.windows.set(address, { count: 1, endsAt: now + this.windowMs });
    } else {
      window.count += 1;
    }
    if (this.shared === undefined) return;
    // The store that cannot count leaves the process's own count in charge, as the rate limits let a request through.
    const counted = await this.shared.take(`refusals:${address}`, this.windowMs, now).catch(() => undefined);
    if (counted !== undefined && counted.count >= this.max) {
      this.windows.set(address, { count: counted.count, endsAt: counted.endsAt });
    }
  }

  /** Forgets the windows that have ended, at most once a window, so the addresses seen do not pile up. */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.windowMs) return;
    this.sweptAt = now;
    for (const [address, window] of this.windows) if (window.endsAt <= now) this.windows.delete(address);
  }
}
