// Run before `npm start` and `npm test`: says which Node.js runs them, refuses an older one than package.json's
// `engines` with the one line that fixes it, and rebuilds better-sqlite3 when it was compiled for another Node.js
// (as after switching from an older Node on an installed checkout). Plain JavaScript any Node can parse.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
const required = Number(/\d+/.exec(engines)[0]);
const major = Number(process.versions.node.split('.')[0]);
const what = process.argv[2] || 'Cull Log';

if (major < required) {
  process.stderr.write(
    [
      '',
      `Cull Log needs Node.js ${required} LTS or newer (package.json engines: "${engines}"); this is Node.js ${process.version}.`,
      'Either install Node.js ' +
        required +
        ' LTS (https://nodejs.org/, or `nvm install` in this folder), or let the',
      `project fetch it from the npm registry for this shell, then run your command again:`,
      '',
      `    . scripts/use-node-${required}.sh && npm install`,
      '',
    ].join('\n'),
  );
  process.exit(1);
}

console.log(`${what} on Node.js ${process.version} (${process.execPath})`);

const require = createRequire(join(root, 'package.json'));
try {
  const Database = require('better-sqlite3');
  new Database(':memory:').close();
} catch (error) {
  if (!/NODE_MODULE_VERSION|ERR_DLOPEN_FAILED|did not self-register/.test(`${error.code} ${error.message}`))
    throw error;
  console.log(
    `better-sqlite3 was built for another Node.js; rebuilding it for ${process.version} (a minute or two).`,
  );
  execFileSync('npm', ['rebuild', 'better-sqlite3'], { cwd: root, stdio: 'inherit' });
}
