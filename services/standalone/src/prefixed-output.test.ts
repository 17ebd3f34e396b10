import { describe, expect, it } from 'vitest';
import { prefixedPrinter } from './prefixed-output';

function printed(pretty: boolean, lines: string[]): string {
  let text = '';
  const print = prefixedPrinter({ name: 'stats', width: 8, pretty, write: (chunk) => (text += chunk) });
  for (const line of lines) print(line);
  return text;
}

describe('prefixedPrinter', () => {
  it('puts the padded service name before every line, as written when not on a terminal', () => {
    const log = '{"level":30,"time":1,"name":"stats","msg":"listening"}';
    expect(printed(false, [log, 'plain text'])).toBe(`stats    | ${log}\nstats    | plain text\n`);
  });

  it('renders JSON log lines readably on a terminal, and leaves other lines alone', () => {
    const text = printed(true, [
      '{"level":40,"time":1795385719607,"name":"stats","msg":"cannot reach NATS yet"}',
      '{not json',
    ]);
    const [logLine, other] = text.split('\n');
    expect(logLine).toMatch(/^stats {4}\| .*WARN.*cannot reach NATS yet/);
    expect(logLine).not.toContain('"msg"');
    expect(other).toBe('stats    | {not json');
  });

  it('prefixes each line of a rendered entry that spans several', () => {
    const text = printed(true, [
      '{"level":50,"time":1,"msg":"failed","err":{"message":"boom","stack":"Error: boom\\n    at x"}}',
    ]);
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.startsWith('stats    | ')).toBe(true);
  });
});
