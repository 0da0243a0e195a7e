import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_GRACE_MS } from '../../server/start-server';
import { loadEnv } from '../../src/config/env.server';

// docker-compose.yml as an operator starts it (README: More than one server): two replicas of the
// image behind nginx with the shipped deploy/nginx.conf, on mongo:7 as a one-node replica set. No
// Docker engine runs where the tests run, so this reads the file as Compose would and checks its
// wiring against the image (Dockerfile), the site's configuration (loadEnv) and the nginx file;
// test/integration/several-servers.test.ts runs the same arrangement with real processes.

interface Service {
  image?: string;
  build?: string;
  deploy?: { replicas?: number };
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  command?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  stop_grace_period?: string;
}

const text = readFileSync('docker-compose.yml', 'utf8');
const document = parseDocument(text, { uniqueKeys: true, strict: true });
const compose = document.toJS() as { services: Record<string, Service>; volumes: Record<string, null> };
const { app, nginx, mongo } = compose.services as Record<'app' | 'nginx' | 'mongo', Service>;
const dockerfile = readFileSync('Dockerfile', 'utf8');
const shippedNginx = readFileSync('deploy/nginx.conf', 'utf8');

/** The runtime stage's ENV values (the last FROM on): where the image keeps its data, its port. */
const imageEnv = Object.fromEntries(
  [...dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')).matchAll(/\b([A-Z_]+)=(\S+)/g)].map((match) => [match[1]!, match[2]!.replace(/\\$/, '')]),
);

/** The `KEY: value` lines commented out under the app's environment: the examples an operator uncomments. */
const commentedEnv = Object.fromEntries([...text.matchAll(/^ {6}# ([A-Z][A-Z0-9_]+): (\S+)$/gm)].map((match) => [match[1]!, match[2]!]));

/** The body of nginx.conf's `upstream shore_golf_carts { … }`. */
const upstreamBlock = (config: string) => /upstream shore_golf_carts \{([^}]*)\}/.exec(config)?.[1] ?? '';

describe('docker-compose.yml', () => {
  it('is YAML that Compose reads: no error, no duplicate key, the three services, every named volume declared', () => {
    expect(document.errors).toEqual([]);
    expect(document.warnings).toEqual([]);
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'mongo', 'nginx']);
    const named = Object.values(compose.services)
      .flatMap((service) => service.volumes ?? [])
      .map((volume) => volume.split(':')[0]!)
      .filter((source) => !source.startsWith('.') && !source.startsWith('/'));
    expect(named.sort()).toEqual(Object.keys(compose.volumes).sort());
  });

  it('runs two replicas of the image, reachable only through nginx, each given time to drain on stop', () => {
    expect(app.build).toBe('.');
    expect(app.deploy?.replicas).toBe(2);
    // Two replicas cannot both publish one host port: visitors come in through nginx.
    expect(app.ports).toBeUndefined();
    expect(app.restart).toBe('unless-stopped');
    expect(Number(/^(\d+)s$/.exec(app.stop_grace_period ?? '')?.[1]) * 1000).toBeGreaterThan(SHUTDOWN_GRACE_MS);
  });

  it('gives both replicas one database: mongo:7 started as the one-node replica set their MONGODB_URI names', () => {
    expect(mongo.image).toBe('mongo:7');
    const setName = mongo.command![mongo.command!.indexOf('--replSet') + 1];
    expect(setName).toMatch(/^\w+$/);
    const uri = new URL(app.environment!.MONGODB_URI!);
    expect(uri.host).toBe('mongo:27017');
    expect(uri.searchParams.get('replicaSet')).toBe(setName);
    // The health check makes the set once, as a member others can reach by the service's name, and is healthy once it takes writes.
    const code = mongo.healthcheck!.test[4];
    expect(mongo.healthcheck!.test.slice(0, 4)).toEqual(['CMD', 'mongosh', '--quiet', '--eval']);
    // mongosh's --eval is JavaScript: it must at least compile.
    expect(() => new Script(code!)).not.toThrow();
    const check = code!;
    expect(check).toContain(`rs.initiate({ _id: '${setName}', members: [{ _id: 0, host: 'mongo:27017' }] })`);
    expect(check).toContain('quit(db.hello().isWritablePrimary ? 0 : 1)');
    expect(app.depends_on?.mongo?.condition).toBe('service_healthy');
    expect(mongo.volumes).toContain('mongo-data:/data/db');
  });

  it('configures the replicas with settings the site accepts, behind one proxy at the origin nginx publishes, and so does the commented S3 example', () => {
    const env = loadEnv(app.environment);
    expect(env.TRUST_PROXY).toBe('1');
    const published = nginx.ports!.map((mapping) => mapping.split(':')[0]);
    expect(published).toEqual([new URL(env.PUBLIC_ORIGIN).port]);

    expect(Object.keys(commentedEnv)).toEqual(
      expect.arrayContaining(['PHOTO_STORE_URL', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION', 'AWS_ENDPOINT_URL_S3']),
    );
    const withBucket = loadEnv({ ...app.environment, ...commentedEnv });
    expect(withBucket.PHOTO_STORE_URL).toEqual({ bucket: 'dealer-photos', prefix: 'site' });
  });

  it("keeps the photos on a named volume at the image's DATA_DIR/photos, which the image makes as the node user's, and the mail on another", () => {
    expect(imageEnv.DATA_DIR).toBe('/app/var/data');
    expect(app.volumes).toContain(`photos:${imageEnv.DATA_DIR}/photos`);
    expect(app.volumes).toContain(`mail:${imageEnv.MAIL_DIR}`);
    // An empty named volume takes the owner of the folder it is mounted on in the image.
    expect(dockerfile).toMatch(/RUN mkdir -p var\/data\/photos .*&& chown -R node:node var/);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('puts nginx in front with deploy/nginx.conf as shipped, only its upstream line swapped for the replicas', () => {
    expect(nginx.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/shore-golf-carts.conf:ro']);
    // `resolve` on an upstream server came in nginx 1.27.3.
    const [major, minor] = nginx
      .image!.replace(/^nginx:/, '')
      .split('.')
      .map(Number);
    expect(major! * 1000 + minor!).toBeGreaterThanOrEqual(1027);
    expect(nginx.depends_on?.app?.condition).toBe('service_healthy');
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);

    expect(nginx.command!.slice(0, 2)).toEqual(['sh', '-c']);
    const script = nginx.command![2]!;
    const sed = /^sed 's\|([^|]+)\|([^|]+)\|' \/etc\/nginx\/shore-golf-carts\.conf > \/etc\/nginx\/conf\.d\/default\.conf && exec nginx -g 'daemon off;'$/.exec(script);
    expect(sed, script).not.toBeNull();
    const [, from, to] = sed!;
    // The line replaced is the shipped upstream's one server line, once; everything else stays as shipped.
    expect(shippedNginx.split(from!).length - 1).toBe(1);
    expect(upstreamBlock(shippedNginx)).toContain(from);
    const running = shippedNginx.replace(from!, to!);
    const upstream = upstreamBlock(running);
    expect(upstream).toMatch(/\bserver app:(\d+) resolve;/);
    expect(/\bserver app:(\d+)/.exec(upstream)![1]).toBe(imageEnv.PORT);
    expect(upstream).toMatch(/\bresolver 127\.0\.0\.11 valid=\d+s/);
    // `resolve` needs the upstream in shared memory.
    expect(upstream).toMatch(/\bzone shore_golf_carts \d+k;/);
    expect(running).toMatch(/^\s*listen 80;$/m);
    expect(nginx.ports).toEqual([`3000:80`]);
  });
});
