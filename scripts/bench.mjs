/**
 * `npm run bench`: every workspace's benchmark, one at a time. `npm run bench -- <part>` runs one part alone:
 * the arguments after `--` reach this script, not turbo, which would take them for task names.
 */
import { spawnSync } from 'node:child_process';
import process from 'node:process';

/** Each part: the workspace and script that run it (from source), and the arguments it is given. */
const PARTS = {
  reads: { workspace: 'services/standalone', script: 'bench:reads', args: [] },
  hop: { workspace: 'services/standalone', script: 'bench:hop', args: [] },
  cores: { workspace: 'services/standalone', script: 'bench:cores', args: [] },
  budgets: { workspace: 'services/gateway', script: 'bench:budgets', args: [] },
  'identity-ids': { workspace: 'packages/storage-kit', script: 'bench:identity-ids', args: [] },
  list: { workspace: 'services/records', script: 'bench:records', args: ['list'] },
  map: { workspace: 'services/records', script: 'bench:records', args: ['map'] },
  search: { workspace: 'services/records', script: 'bench:records', args: ['search'] },
  'team-records': { workspace: 'services/records', script: 'bench:team', args: [] },
  photos: { workspace: 'services/records', script: 'bench:photos', args: [] },
  imports: { workspace: 'services/records', script: 'bench:imports', args: [] },
  erasure: { workspace: 'services/records', script: 'bench:erasure', args: [] },
  retention: { workspace: 'services/records', script: 'bench:retention', args: [] },
  'account-download': { workspace: 'services/records', script: 'bench:account-download', args: [] },
  serialise: { workspace: 'services/records', script: 'bench:serialise', args: [] },
  plans: { workspace: 'services/stats', script: 'bench:plans', args: [] },
  'team-figures': { workspace: 'services/stats', script: 'bench:team', args: [] },
  'map-render': { workspace: 'web', script: 'bench', args: [] },
};

const [part, ...rest] = process.argv.slice(2);
if (rest.length > 0 || (part !== undefined && !Object.hasOwn(PARTS, part))) {
  process.stderr.write(`Usage: npm run bench [-- ${Object.keys(PARTS).join(' | ')}]\n`);
  process.exit(2);
}
const [command, args] =
  part === undefined
    ? ['turbo', ['run', 'bench', '--concurrency=1']]
    : ['npm', ['run', PARTS[part].script, `--workspace=${PARTS[part].workspace}`, '--', ...PARTS[part].args]];
const { status, error } = spawnSync(command, args, { stdio: 'inherit' });
if (error !== undefined) throw error;
process.exit(status ?? 1);
