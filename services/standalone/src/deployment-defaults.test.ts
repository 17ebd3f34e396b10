import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { readGatewaySettings } from '@cull-log/gateway';
import { IMPORT_LIMITS, PHOTO_LIMITS } from '@cull-log/contracts';
import {
  ConfigError,
  checkNatsSettings,
  commonConfigShape,
  generateIdentityKeys,
  natsConfigShape,
  parseConfig,
} from '@cull-log/service-kit';
import { REPOSITORY_ROOT } from './repository';

/** The settings of an env file, as docker compose reads them (empty values count as unset). */
function envFile(path: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of readFileSync(join(REPOSITORY_ROOT, path), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match !== null) settings[match[1] as string] = match[2] as string;
  }
  return settings;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are read as plain data
type Manifest = any;

function yamlDocuments(path: string): Manifest[] {
  return parseAllDocuments(readFileSync(join(REPOSITORY_ROOT, path), 'utf8'), { merge: true }).map(
    (document) => document.toJS(),
  );
}

const deployment = {
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'client-secret',
  SESSION_SECRET: 's'.repeat(40),
  INTERNAL_AUTH_PRIVATE_KEY: generateIdentityKeys().privateKey,
};

describe('.env.example', () => {
  it('filled in with the secrets it asks for, starts a production gateway with Google sign-in only', () => {
    const settings = readGatewaySettings({ ...envFile('.env.example'), ...deployment });
    expect(settings.config.production).toBe(true);
    expect(settings.config.authMode).toBe('google');
    expect(settings.config.publicUrl).toMatch(/^https:\/\//);
  });

  it('copied as it is, refuses to start rather than open a development sign-in', () => {
    let problems: string[] = [];
    try {
      // With the gateway's key set, what is left is the gateway's own refusal.
      readGatewaySettings({
        ...envFile('.env.example'),
        INTERNAL_AUTH_PRIVATE_KEY: deployment.INTERNAL_AUTH_PRIVATE_KEY,
      });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems.map(({ variable }) => variable);
    }
    expect(problems).toEqual(
      expect.arrayContaining(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'SESSION_SECRET']),
    );
  });

  it('lists every setting the gateway reads about listening and sign-in', () => {
    expect(Object.keys(envFile('.env.example'))).toEqual(
      expect.arrayContaining(['NODE_ENV', 'HOST', 'DEV_SIGN_IN_HOST', 'AUTH_MODE', 'TRUST_PROXY']),
    );
  });
});

describe('docker-compose.yml', () => {
  const [compose] = yamlDocuments('docker-compose.yml');
  const appServices = ['gateway', 'records', 'stats', 'exports'];

  it.each(appServices)('pins %s to production whatever .env says', (name) => {
    expect(compose.services[name].environment).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
  });

  it.each(['records', 'stats', 'exports'])(
    "blanks the gateway's secrets that %s would read from .env",
    (name) => {
      expect(compose.services[name].environment).toMatchObject({
        INTERNAL_AUTH_PRIVATE_KEY: '',
        SESSION_SECRET: '',
        GOOGLE_CLIENT_SECRET: '',
      });
      expect(compose.services.gateway.environment.INTERNAL_AUTH_PRIVATE_KEY).toBeUndefined();
    },
  );

  it('runs NATS with the users and permissions of deploy/nats, and hands each service its own NATS sign-in alone', () => {
    expect(compose.services.nats.command).toEqual([
      '-c',
      '/etc/nats/cull-log/nats-server.conf',
      '-sd',
      '/data',
      '-m',
      '8222',
    ]);
    expect(compose.services.nats.volumes).toContain('./deploy/nats:/etc/nats/cull-log:ro');
    const envFiles = (name: string) => compose.services[name].env_file.map((file: Manifest) => file.path);
    expect(envFiles('nats')).toEqual(['deploy/nats/nats-server.env']);
    for (const name of ['records', 'stats', 'exports']) {
      expect(envFiles(name), name).toEqual(['.env', `deploy/nats/${name}.env`]);
    }
    expect(envFiles('gateway')).toEqual(['.env']);
    for (const name of [...appServices, 'nats']) {
      expect(Object.keys(compose.services[name].environment ?? {}), name).not.toContain('NATS_PASSWORD');
    }
  });

  it('has the gateway believe one proxy hop (the TLS proxy on this host) unless .env names the proxies', () => {
    const setting: string = compose.services.gateway.environment.TRUST_PROXY;
    expect(setting).toBe('${TRUST_PROXY:-1}');
    const settings = readGatewaySettings({
      ...envFile('.env.example'),
      ...deployment,
      TRUST_PROXY: setting.replace(/^\$\{TRUST_PROXY:-(.*)\}$/, '$1'),
    });
    expect(typeof settings.config.trustProxy).toBe('function');
  });

  it('publishes only the gateway, and only on this host for a TLS proxy', () => {
    const published = appServices.filter((name) => compose.services[name].ports !== undefined);
    expect(published).toEqual(['gateway']);
    expect(compose.services.gateway.ports).toEqual(['127.0.0.1:3000:3000']);
  });
});

describe('Kubernetes manifests', () => {
  const [kustomization] = yamlDocuments('deploy/k8s/kustomization.yaml');
  const configMap: string[] = kustomization.configMapGenerator[0].literals;

  it('run in production and believe one proxy hop, so rate limits see each client', () => {
    expect(configMap).toEqual(expect.arrayContaining(['NODE_ENV=production', 'TRUST_PROXY=1']));
    const settings = readGatewaySettings({
      ...Object.fromEntries(configMap.map((literal) => literal.split('=', 2) as [string, string])),
      ...deployment,
      PUBLIC_URL: 'https://cull-log.example.org',
    });
    expect(typeof settings.config.trustProxy).toBe('function');
    expect(settings.config.authMode).toBe('google');
  });

  it('let only gateway pods reach records, stats and exports, and only the ingress reach the gateway', () => {
    expect(kustomization.resources).toContain('network-policy.yaml');
    const policies = yamlDocuments('deploy/k8s/network-policy.yaml');
    const backends = policies.find((policy) =>
      policy.spec.podSelector.matchExpressions?.some(
        (expression: Manifest) => expression.key === 'app.kubernetes.io/name',
      ),
    );
    expect(backends.spec.podSelector.matchExpressions[0].values.sort()).toEqual([
      'exports',
      'records',
      'stats',
    ]);
    expect(backends.spec.policyTypes).toEqual(['Ingress']);
    expect(backends.spec.ingress.flatMap((rule: Manifest) => rule.from)).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
    ]);
    const gateway = policies.find(
      (policy) => policy.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'gateway',
    );
    expect(gateway.spec.ingress.flatMap((rule: Manifest) => rule.from)).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
    ]);
  });

  it('give each Deployment only the secrets it needs: the signing key to the gateway alone', () => {
    const secretsOf = (name: string) => {
      const deployment = yamlDocuments(`deploy/k8s/${name}.yaml`).find(
        (document) => document.kind === 'Deployment',
      );
      const [container] = deployment.spec.template.spec.containers;
      // The shared Secret never whole: each key of it is named.
      const whole = container.envFrom.filter((source: Manifest) => source.secretRef !== undefined);
      expect(whole.map((source: Manifest) => source.secretRef.name)).toEqual(
        name === 'gateway' ? [] : [`cull-log-${name}`],
      );
      return container.env
        .filter((variable: Manifest) => variable.valueFrom?.secretKeyRef !== undefined)
        .map((variable: Manifest) => variable.valueFrom.secretKeyRef.key)
        .sort();
    };
    expect(secretsOf('gateway')).toEqual([
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'INTERNAL_AUTH_PRIVATE_KEY',
      'MONGODB_URL',
      'PUBLIC_URL',
      'SESSION_SECRET',
    ]);
    expect(secretsOf('records')).toEqual(['INTERNAL_AUTH_PUBLIC_KEY', 'INVITATION_SECRET', 'PUBLIC_URL']);
    expect(secretsOf('stats')).toEqual(['INTERNAL_AUTH_PUBLIC_KEY']);
    expect(secretsOf('exports')).toEqual(['INTERNAL_AUTH_PUBLIC_KEY']);
  });

  it("mount each service's NATS and MongoDB sign-in in its own Deployment alone, never in the ConfigMap", () => {
    expect(configMap.filter((literal) => /^(NATS_USER|NATS_PASSWORD|MONGODB_URL)=/.test(literal))).toEqual(
      [],
    );
    expect(kustomization.secretGenerator).toEqual(
      expect.arrayContaining(
        ['records', 'stats', 'exports'].map((name) => ({ name: `cull-log-${name}`, envs: [`${name}.env`] })),
      ),
    );
    for (const name of ['gateway', 'records', 'stats', 'exports']) {
      const [deployment] = yamlDocuments(`deploy/k8s/${name}.yaml`).filter(
        (doc) => doc.kind === 'Deployment',
      );
      const secrets = deployment.spec.template.spec.containers[0].envFrom
        .filter((source: Manifest) => source.secretRef !== undefined)
        .map((source: Manifest) => source.secretRef.name);
      // The shared Secret is never mounted whole (each key is named, below): only the service's own.
      expect(secrets, name).toEqual(name === 'gateway' ? [] : [`cull-log-${name}`]);
    }
  });

  it('let records, stats and exports reach only MongoDB, NATS and DNS, and the gateway never NATS', () => {
    const policies = yamlDocuments('deploy/k8s/network-policy.yaml');
    const egressOf = (name: string) =>
      policies.find(
        (policy) =>
          policy.spec.policyTypes.includes('Egress') &&
          (policy.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === name ||
            policy.spec.podSelector.matchExpressions?.[0].values.includes(name)),
      );
    const reach = (rule: Manifest) =>
      rule.to.map(
        (peer: Manifest) =>
          peer.namespaceSelector?.matchLabels['kubernetes.io/metadata.name'] ?? 'pods or internet',
      );
    for (const name of ['records', 'stats', 'exports']) {
      const rules = egressOf(name).spec.egress;
      expect(
        rules.map((rule: Manifest) => [reach(rule), rule.ports.map((port: Manifest) => port.port)]),
        name,
      ).toEqual([
        [['mongodb'], [27017]],
        [['nats'], [4222]],
        [['kube-system'], [53, 53]],
      ]);
    }
    const gatewayRules = egressOf('gateway').spec.egress;
    const gatewayPorts = gatewayRules.flatMap((rule: Manifest) =>
      rule.ports.map((port: Manifest) => port.port),
    );
    expect(gatewayPorts).not.toContain(4222);
    expect(gatewayRules.flatMap(reach)).not.toContain('nats');
    // Every egress rule names where it goes: none opens every destination.
    for (const rule of [...gatewayRules, ...egressOf('records').spec.egress])
      expect(rule.to.length).toBeGreaterThan(0);
  });

  it('let only records, stats and exports into NATS, and only the four services into MongoDB', () => {
    const policies = yamlDocuments('deploy/k8s/data-stores/network-policy.yaml');
    const fromCullLog = (namespace: string) => {
      const policy = policies.find((candidate) => candidate.metadata.namespace === namespace);
      expect(policy.spec.podSelector).toEqual({});
      expect(policy.spec.policyTypes).toEqual(['Ingress']);
      const outside = policy.spec.ingress.filter(
        (rule: Manifest) => rule.from[0].namespaceSelector !== undefined,
      );
      expect(outside).toHaveLength(1);
      const [peer] = outside[0].from;
      expect(peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name']).toBe('cull-log');
      return {
        services: [...peer.podSelector.matchExpressions[0].values].sort(),
        ports: outside[0].ports.map((port: Manifest) => port.port),
      };
    };
    expect(fromCullLog('nats')).toEqual({ services: ['exports', 'records', 'stats'], ports: [4222] });
    expect(fromCullLog('mongodb')).toEqual({
      services: ['exports', 'gateway', 'records', 'stats'],
      ports: [27017],
    });
  });

  it('route nothing but the gateway through the Ingress', () => {
    const ingress = yamlDocuments('deploy/k8s/gateway.yaml').find((document) => document.kind === 'Ingress');
    const backends = ingress.spec.rules.flatMap((rule: Manifest) =>
      rule.http.paths.map((path: Manifest) => path.backend.service.name),
    );
    expect(new Set(backends)).toEqual(new Set(['gateway']));
  });
});

describe('deploy/nats', () => {
  const authorization = readFileSync(join(REPOSITORY_ROOT, 'deploy/nats/authorization.conf'), 'utf8');

  it('has a user for records, stats and exports, each password read from the environment, none written', () => {
    expect([...authorization.matchAll(/^\s*user:\s*(\S+)/gm)].map((match) => match[1])).toEqual([
      'records',
      'stats',
      'exports',
    ]);
    expect([...authorization.matchAll(/^\s*password:\s*(\S+)/gm)].map((match) => match[1])).toEqual([
      '$NATS_RECORDS_PASSWORD',
      '$NATS_STATS_PASSWORD',
      '$NATS_EXPORTS_PASSWORD',
    ]);
  });

  it('new-passwords.sh writes a password per service that the service accepts and nats-server gets too', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cull-log-nats-passwords-'));
    try {
      execFileSync('sh', [join(REPOSITORY_ROOT, 'deploy/nats/new-passwords.sh'), folder], { stdio: 'pipe' });
      const read = (name: string) => {
        const settings: Record<string, string> = {};
        for (const match of readFileSync(join(folder, name), 'utf8').matchAll(/^([A-Z_]+)=(.*)$/gm)) {
          settings[match[1] as string] = match[2] as string;
        }
        return settings;
      };
      const server = read('nats-server.env');
      const schema = z.object({ ...commonConfigShape, ...natsConfigShape }).superRefine(checkNatsSettings);
      const passwords = new Set<string>();
      for (const name of ['records', 'stats', 'exports']) {
        const service = read(`${name}.env`);
        const config = parseConfig(schema, {
          ...service,
          NODE_ENV: 'production',
          NATS_URL: 'nats://nats:4222',
        });
        expect(config.NATS_USER).toBe(name);
        expect(server[`NATS_${name.toUpperCase()}_PASSWORD`]).toBe(config.NATS_PASSWORD);
        passwords.add(service.NATS_PASSWORD as string);
      }
      expect(passwords.size).toBe(3);
      // Run again, it keeps the passwords there rather than lock the services out.
      expect(() =>
        execFileSync('sh', [join(REPOSITORY_ROOT, 'deploy/nats/new-passwords.sh'), folder], {
          stdio: 'pipe',
        }),
      ).toThrow();
      expect(read('nats-server.env')).toEqual(server);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** An Ingress size such as `26m`, in bytes, as ingress-nginx reads it (k and m are powers of 1024). */
function nginxSize(size: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (match === null) throw new Error(`not a size nginx reads: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match[2] as string).toLowerCase()] as number;
  return Number(match[1]) * unit;
}

describe('the Ingress body size', () => {
  const ingress = yamlDocuments('deploy/k8s/gateway.yaml').find((document) => document.kind === 'Ingress');
  const allowed = nginxSize(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']);

  it('lets the largest photo and the largest import through, with room for the multipart framing', () => {
    const largest = Math.max(PHOTO_LIMITS.maxUploadBytes, IMPORT_LIMITS.maxUploadBytes);
    expect(allowed).toBeGreaterThanOrEqual(largest + 256 * 1024);
    // The gateway refuses anything larger anyway; the Ingress should not buffer much more than it could accept.
    expect(allowed).toBeLessThanOrEqual(largest * 2);
  });
});

/** The patterns of an ignore file, comments and blank lines left out. */
function ignorePatterns(path: string): string[] {
  return readFileSync(join(REPOSITORY_ROOT, path), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Whether a .dockerignore pattern leaves out `path` (Docker's rules: `*` within a segment, `**` across them). */
function dockerIgnores(pattern: string, path: string): boolean {
  const source = pattern
    .replace(/^\//, '')
    .split('/')
    .map((segment) =>
      segment === '**'
        ? '(?:.*)'
        : segment
            .split('*')
            .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^/]*'),
    )
    .join('/')
    .replace(/\(\?:\.\*\)\//g, '(?:.*/)?');
  // A pattern that names a folder leaves out everything in it.
  return new RegExp(`^${source}(?:/.*)?$`).test(path);
}

describe('secrets files', () => {
  const secrets = [
    'deploy/k8s/secrets.env',
    'deploy/secrets.env',
    '.env',
    'deploy/nats/nats-server.env',
    'deploy/nats/records.env',
    'deploy/k8s/stats.env',
    'deploy/k8s/nats-server.env',
  ];

  it.each(secrets)('%s is never committed', (path) => {
    // git check-ignore answers 0 when the path is ignored and 1 when it is not; --no-index asks of the rules alone.
    expect(() =>
      execFileSync('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: REPOSITORY_ROOT }),
    ).not.toThrow();
  });

  it.each(secrets)('%s never goes into an image', (path) => {
    const patterns = ignorePatterns('.dockerignore');
    let ignored = false;
    for (const pattern of patterns) {
      if (pattern.startsWith('!')) {
        if (dockerIgnores(pattern.slice(1), path)) ignored = false;
      } else if (dockerIgnores(pattern, path)) ignored = true;
    }
    expect(ignored).toBe(true);
  });

  it('the way the Docker rules are read here tells a secrets file from a source file', () => {
    expect(dockerIgnores('deploy/**/*.env', 'deploy/k8s/secrets.env')).toBe(true);
    expect(dockerIgnores('deploy/**/*.env', 'deploy/secrets.env')).toBe(true);
    expect(dockerIgnores('deploy/**/*.env', 'deploy/k8s/gateway.yaml')).toBe(false);
    expect(dockerIgnores('.env', 'services/.env')).toBe(false);
    expect(dockerIgnores('**/dist', 'services/gateway/dist/main.js')).toBe(true);
  });
});
