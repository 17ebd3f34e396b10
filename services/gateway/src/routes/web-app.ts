import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, pathOf } from '@cull-log/service-kit';

export interface WebAppOptions {
  /** The built web client (`web/dist`). */
  root: string;
  /** The session cookie's name: a visitor who has one is sent the signed-in screens' own pages. */
  sessionCookie: string;
}

/** Vite puts every hashed (content-addressed) file here, so they can be cached for good. */
const HASHED_ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is checked with the server on every use. */
const REVALIDATE = 'no-cache';
/**
 * The build's page for each screen at a fixed address (`screens/public/terms.html`, `screens/signed-in/data.html`):
 * index.html with the screen's title and its heading already drawn, so the visitor sees the screen's heading before
 * any code has run.
 */
const SCREEN_PAGES = 'screens';
const SCREEN_ADDRESS = /^\/([a-z][a-z-]*)\/?$/;
/** The build's page for `/`, the home page with its opening words drawn; sent for `/` alone. */
const HOME_SCREEN = 'home';

/** Serves the built web client, with `index.html` for every client-side route (SPA fallback). */
export const webApp: FastifyPluginAsync<WebAppOptions> = async (app, { root, sessionCookie }) => {
  const rootPath = resolve(root);
  const assetsPath = resolve(rootPath, `.${HASHED_ASSETS}`) + sep;

  await app.register(fastifyStatic, {
    root: rootPath,
    serve: false,
    // The build's brotli and gzip copies (`shell-….js.br`), sent to a browser that accepts them.
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', filePath.startsWith(assetsPath) ? IMMUTABLE : REVALIDATE);
    },
  });

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    // The build's source maps stay on the server, for the tests that read them: they would show anyone the app's source.
    if (isSourceMap(path)) throw new HttpError(404, 'not_found', 'Not found');
    const file = await existingFile(rootPath, path);
    if (file !== undefined) return reply.sendFile(file);
    if (path === '/' || isClientRoute(request, path)) {
      const screenPage = await screenPageFor(rootPath, path, request.cookies[sessionCookie] !== undefined);
      // Who is signed in decides which page an address gets, so a cache must not hand one visitor's to another.
      reply.header('vary', 'cookie');
      return reply.sendFile(screenPage ?? 'index.html');
    }
    throw new HttpError(404, 'not_found', 'Not found');
  };
  app.get('/', serve);
  app.get('/*', serve);
};

/** Whether a path, decoded, names a source map (`shell-….js.map`), in any case. */
function isSourceMap(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Left as it came: existingFile refuses a path that does not decode.
  }
  return /\.map$/i.test(decoded);
}

/** The screen's own page for a client address, if the build made one that this visitor may be sent. */
async function screenPageFor(
  rootPath: string,
  path: string,
  hasSession: boolean,
): Promise<string | undefined> {
  const screen = path === '/' ? HOME_SCREEN : SCREEN_ADDRESS.exec(path)?.[1];
  if (screen === undefined || (screen === HOME_SCREEN && path !== '/')) return undefined;
  const kinds = hasSession ? ['public', 'signed-in'] : ['public'];
  for (const kind of kinds) {
    const page = await existingFile(rootPath, `/${SCREEN_PAGES}/${kind}/${screen}.html`);
    if (page !== undefined) return page;
  }
  return undefined;
}

/** The file under root that the path names, as a path relative to root, or undefined. */
async function existingFile(rootPath: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = resolve(rootPath, `.${decoded}`);
  if (!file.startsWith(rootPath + sep)) return undefined;
  try {
    return (await stat(file)).isFile() ? file.slice(rootPath.length + 1) : undefined;
  } catch {
    return undefined;
  }
}

/** A page navigation to a route of the web client, as opposed to an API call or a missing asset. */
function isClientRoute(request: FastifyRequest, path: string): boolean {
  if (/^\/(api|auth)(\/|$)/.test(path) || path.startsWith(HASHED_ASSETS)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}
