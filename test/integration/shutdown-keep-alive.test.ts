import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VALID_INQUIRY } from '../support/fixtures';
import { killHard, readCollection, startProductionServer, type ProductionServer } from '../support/production-server';

// A SIGTERM (a deploy, `docker stop`) while visitors' browsers and a proxy hold kept-alive
// connections: every request that reached the site on a connection it had accepted gets a whole
// answer, the ones after the signal with `Connection: close`; none is cut off by a reset.

const folders: string[] = [];
const running: ProductionServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => killHard(server.child)));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function startSite(): Promise<{ site: ProductionServer; dataDir: string }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'shutdown-'));
  folders.push(folder);
  const dataDir = path.join(folder, 'data');
  const site = await startProductionServer({ dataDir, mailDir: path.join(folder, 'mail') });
  running.push(site);
  return { site, dataDir };
}

/** What became of one request: a whole answer (and whether it closed the connection), or the error that cut it off. */
type Outcome = { answered: true; status: number; close: boolean; id?: string } | { answered: false; code: string; reusedSocket: boolean };

/** One request through a keep-alive agent, the way a browser or a proxy reuses its connection. */
function exchange(agent: Agent, port: number, visitor: number, n: number): Promise<Outcome> {
  const post = n % 2 === 0;
  const body = JSON.stringify({ ...VALID_INQUIRY, firstName: `Visitor${visitor}`, message: `Question ${n} about a four-seater.` });
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: post ? 'POST' : 'GET',
        path: post ? '/api/contact' : '/services',
        headers: post ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const id = post && res.statusCode === 201 ? (JSON.parse(text) as { id: string }).id : undefined;
          resolve({ answered: true, status: res.statusCode!, close: res.headers.connection === 'close', id });
        });
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ answered: false, code: error.code ?? error.message, reusedSocket: req.reusedSocket }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ answered: false, code: error.code ?? error.message, reusedSocket: req.reusedSocket }));
    req.end(post ? body : undefined);
  });
}

/** A visitor sending one request after another on its one kept-alive connection until the site asks it to close the connection, or cuts it off. */
async function busyVisitor(port: number, visitor: number, outcomes: Outcome[]): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let n = 0; ; n += 1) {
      const outcome = await exchange(agent, port, visitor, n);
      outcomes.push(outcome);
      if (!outcome.answered || outcome.close) return;
    }
  } finally {
    agent.destroy();
  }
}

/**
 * A raw connection that waits between requests, as a browser's does between clicks. It writes each
 * request whatever it was sent before, as a request already on its way when the server gives up the
 * connection is: it gets an answer, or the connection ends or is reset under it.
 */
function rawConnection(port: number) {
  const socket: Socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  let received = '';
  let cutOff: string | undefined;
  const waiting: Array<() => void> = [];
  const wake = () => waiting.splice(0).forEach((resume) => resume());
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    wake();
  });
  socket.on('end', () => {
    cutOff ??= 'closed by the server';
    wake();
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    cutOff ??= error.code ?? error.message;
    wake();
  });
  /** One whole answer: the status line and headers, then Content-Length bytes. */
  const answer = (): { status: number; close: boolean } | undefined => {
    const head = received.indexOf('\r\n\r\n');
    if (head === -1) return undefined;
    const headers = received.slice(0, head);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
    if (received.length < head + 4 + length) return undefined;
    received = received.slice(head + 4 + length);
    return { status: Number(headers.split(' ')[1]), close: /\r\nconnection: *close/i.test(headers) };
  };
  return {
    connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    async get(pathname: string): Promise<Outcome> {
      if (!socket.destroyed) socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
      for (;;) {
        const whole = answer();
        if (whole) return { answered: true, ...whole };
        if (cutOff) return { answered: false, code: cutOff, reusedSocket: true };
        await new Promise<void>((resume) => waiting.push(resume));
      }
    },
    destroy: () => socket.destroy(),
  };
}

/** Resolves once the server's log has a line with this message. */
async function logged(site: ProductionServer, message: string): Promise<void> {
  while (!site.output().includes(`"msg":"${message}"`)) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('SIGTERM with kept-alive connections', () => {
  it('answers every request that arrives on an accepted connection, closing it with Connection: close, and resets none', async () => {
    const { site, dataDir } = await startSite();
    // Visitors sending requests back to back on their own connection: a post, a page, a post...
    const busy: Outcome[] = [];
    const busyVisitors = Array.from({ length: 24 }, (_, visitor) => busyVisitor(site.port, visitor, busy));
    while (busy.length < 300 && busy.every((outcome) => outcome.answered)) await new Promise((resolve) => setTimeout(resolve, 10));
    // Connections that sent one request and wait, as a browser does between clicks (for less than the server's keep-alive timeout).
    const waitingVisitors = Array.from({ length: 8 }, () => rawConnection(site.port));
    await Promise.all(waitingVisitors.map((visitor) => visitor.connected));
    const firstAnswers = await Promise.all(waitingVisitors.map((visitor) => visitor.get('/healthz')));
    expect(firstAnswers).toEqual(waitingVisitors.map(() => ({ answered: true, status: 200, close: false })));
    site.child.kill('SIGTERM');

    // Requests that arrive on the waiting connections once the process has begun to stop.
    await logged(site, 'shutting down');
    const lateAnswers = await Promise.all(waitingVisitors.map((visitor) => visitor.get('/healthz')));
    await Promise.all(busyVisitors);
    expect(await site.exit).toBe(0);
    for (const visitor of waitingVisitors) visitor.destroy();

    const outcomes = [...busy, ...lateAnswers];
    const answered = outcomes.filter((outcome) => outcome.answered);
    const cutOff = outcomes.filter((outcome) => !outcome.answered);
    const summary = {
      requests: outcomes.length,
      // A request written on a connection the server had accepted that got no answer: reset, or the connection closed under it.
      unanswered: cutOff.filter((outcome) => outcome.reusedSocket).length,
      // A new connection the stopping server refused (the request was never sent).
      refused: cutOff.filter((outcome) => !outcome.reusedSocket).length,
      // Every answer is a normal one: each post stored (201), each page rendered (200).
      abnormal: answered.filter((outcome) => outcome.status !== 200 && outcome.status !== 201).length,
      // Each busy visitor's last answer, and each late request's, told it to close its connection.
      closedByAnswer: answered.filter((outcome) => outcome.close).length,
    };
    expect(summary, JSON.stringify(cutOff)).toEqual({
      requests: outcomes.length,
      unanswered: 0,
      refused: 0,
      abnormal: 0,
      closedByAnswer: busyVisitors.length + waitingVisitors.length,
    });
    expect(summary.requests).toBeGreaterThan(300);
    // Each acknowledged inquiry is stored.
    const stored = new Set((await readCollection(dataDir, 'contact_forms')).map((record) => String(record.id)));
    for (const outcome of busy) if (outcome.answered && outcome.id) expect(stored.has(outcome.id)).toBe(true);
  });
});
