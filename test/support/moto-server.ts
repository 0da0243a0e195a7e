import { spawn, spawnSync } from 'node:child_process';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

// An S3-compatible server for the photo-store tests: Python's moto (`python3 -m moto.server`), on
// loopback, in memory, stopped by pid. .ci/run installs it where it is missing.

export interface MotoServer {
  /** http://127.0.0.1:<port>: what AWS_ENDPOINT_URL_S3 names. */
  endpoint: string;
  /** The variables the site's AWS SDK reads to reach this server (any credentials are taken). */
  env: { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string; AWS_REGION: string; AWS_ENDPOINT_URL_S3: string };
  /** An S3 client on this server, for the test's own looks into the bucket. */
  client: S3Client;
  createBucket(name: string): Promise<void>;
  /** Kills the server (as a store that went down); its buckets are gone with it. */
  stop(): Promise<void>;
}

const PYTHON = process.env.PYTHON ?? 'python3';

/** Why moto cannot run here, or undefined when it can. */
export function motoMissing(): string | undefined {
  const probe = spawnSync(PYTHON, ['-c', 'import moto.server'], { encoding: 'utf8' });
  if (probe.status === 0) return undefined;
  return `moto's S3 server is not installed for ${PYTHON} (${(probe.stderr || String(probe.error)).trim().split('\n').pop()}); .ci/run installs it`;
}

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Starts moto's server on a loopback port the system chooses (`-p 0`: no port is picked
 * beforehand, for another process to take before moto binds it), read from the line in which it
 * names its address; resolves once it answers S3 requests.
 */
export async function startMotoServer(): Promise<MotoServer> {
  const missing = motoMissing();
  if (missing) throw new Error(missing);
  const child = spawn(PYTHON, ['-m', 'moto.server', '-H', '127.0.0.1', '-p', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Werkzeug's " * Running on http://127.0.0.1:PORT" once it listens.
  const boundPort = () => /Running on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
  let port: string | undefined;
  for (let waited = 0; !(port = boundPort()); waited += 100) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`moto's server stopped at start:\n${output}`);
    if (waited >= 30_000) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`moto's server did not say where it listens within 30 s:\n${output}`);
    }
    await wait(100);
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { AWS_ACCESS_KEY_ID: 'testing', AWS_SECRET_ACCESS_KEY: 'testing', AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_S3: endpoint };
  const client = new S3Client({ endpoint, region: env.AWS_REGION, forcePathStyle: true, credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' } });
  const stop = async () => {
    client.destroy();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`moto's server stopped at start:\n${output}`);
    const answered = await fetch(`${endpoint}/moto-api/`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (attempt === 300) {
      await stop();
      throw new Error(`moto's server did not answer on ${endpoint} within 30 s:\n${output}`);
    }
    await wait(100);
  }
  return {
    endpoint,
    env,
    client,
    createBucket: async (name) => {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    stop,
  };
}
