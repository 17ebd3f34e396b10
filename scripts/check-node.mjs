// Run before `npm start` and `npm test`: says which Node.js runs them, and refuses one older than package.json's
// `engines` with the one line that fixes it. Plain JavaScript that any Node can parse.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
const required = Number(/\d+/.exec(engines)[0]);
const major = Number(process.versions.node.split('.')[0]);
const what = process.argv[2] || 'Cull Log';

/** The command the user typed, from the lifecycle script npm is running (`prestart` → `npm start`). */
function commandTyped() {
  const event = (process.env.npm_lifecycle_event || '').replace(/^pre/, '');
  if (event === 'start' || event === 'test') return `npm ${event}`;
  return event ? `npm run ${event}` : 'npm start';
}

if (major < required) {
  process.stderr.write(
    [
      '',
      `Cull Log needs Node.js ${required} LTS or newer (engines "${engines}"); this is Node.js ${process.version}.`,
      `Install Node.js ${required} LTS (https://nodejs.org/, or \`nvm install\` in this folder), or fetch it from the`,
      'npm registry into .tools/ for this shell and carry on:',
      '',
      `    . scripts/use-node-${required}.sh && npm install && ${commandTyped()}`,
      '',
    ].join('\n'),
  );
  process.exit(1);
}

console.log(`${what} on Node.js ${process.version} (${process.execPath})`);
