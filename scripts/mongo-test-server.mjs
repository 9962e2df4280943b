// The MongoDB-wire server the tests use: FerretDB on a throwaway PostgreSQL cluster in a temp
// directory, both on free ports, removed again on exit. One place for every user:
// - .ci/run: `node scripts/mongo-test-server.mjs pnpm test` runs the command with MONGODB_URI set;
// - `pnpm test` and `vitest run` (global setup of the api and e2e projects, the default export):
//   starts it when MONGODB_URI is not set;
// - the store fault suite (`startMongoTestServer`), which stops and restarts FerretDB;
// - by hand: `node scripts/mongo-test-server.mjs` prints MONGODB_URI and runs until Ctrl-C.
// When it cannot start, MONGO_SKIP_REASON says why and the tests skip their MongoDB halves loudly.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const isRoot = process.getuid?.() === 0;

/**
 * @param {string} command
 * @param {string[]} args
 */
function works(command, args) {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** FERRETDB_BIN, `ferretdb` on the PATH, or Go's default install folder. */
export function findFerretDb() {
  const candidates = [process.env.FERRETDB_BIN, 'ferretdb', path.join(homedir(), 'go/bin/ferretdb')];
  return candidates.find((c) => c && works(c, ['--version'])) ?? null;
}

/** The folder with PostgreSQL's initdb, pg_ctl and postgres: on the PATH, or Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin() {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => existsSync(path.join(dir, 'initdb')));
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
        .filter((dir) => existsSync(path.join(dir, 'initdb')))
    : [];
  return [...onPath, ...debian][0] ?? null;
}

/** Why the server cannot start on this machine, or null. */
export function missingPrerequisite() {
  if (!findFerretDb()) return 'no working ferretdb binary (FERRETDB_BIN, PATH, ~/go/bin)';
  if (!findPostgresBin()) return 'PostgreSQL is not installed (no initdb on the PATH or in /usr/lib/postgresql/*/bin)';
  if (isRoot && !works('id', ['-u', 'postgres']))
    return 'running as root and there is no `postgres` user to run PostgreSQL';
  return null;
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const tail = (/** @type {string} */ file) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-20).join('\n') : '';

const OP_MSG = 2013;
const WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findAndModify', 'findandmodify']);
const DB_FIELD = Buffer.from('\x02$db\x00', 'latin1');

/**
 * `db.collection` when the wire message is a write command (an OP_MSG whose body comes first), else null.
 * @param {Buffer} message
 * @returns {string | null}
 */
function writeTarget(message) {
  if (message.readInt32LE(12) !== OP_MSG || message[20] !== 0) return null;
  const body = 21;
  const bodyEnd = body + message.readInt32LE(body);
  const nameEnd = message.indexOf(0, body + 5);
  if (message[body + 4] !== 0x02 || !WRITE_COMMANDS.has(message.toString('latin1', body + 5, nameEnd))) return null;
  const collection = message.toString('utf8', nameEnd + 5, nameEnd + 4 + message.readInt32LE(nameEnd + 1));
  const at = message.indexOf(DB_FIELD, body);
  const db = at > 0 && at < bodyEnd ? message.toString('utf8', at + 9, at + 8 + message.readInt32LE(at + 5)) : '';
  return `${db}.${collection}`;
}

/**
 * Calls `onMessage` with each whole wire message (length-prefixed) the socket receives.
 * @param {import('node:net').Socket} socket
 * @param {(message: Buffer) => void} onMessage
 */
function onMessages(socket, onMessage) {
  /** @type {Buffer} */
  let buffered = Buffer.alloc(0);
  socket.on('data', (/** @type {Buffer} */ chunk) => {
    buffered = buffered.length > 0 ? Buffer.concat([buffered, chunk]) : chunk;
    while (buffered.length >= 4 && buffered.length >= buffered.readInt32LE(0)) {
      const size = buffered.readInt32LE(0);
      onMessage(buffered.subarray(0, size));
      buffered = buffered.subarray(size);
    }
  });
}

/**
 * A limitation of FerretDB 1.x, not of MongoDB: an update or findAndModify reads the documents it
 * matches and writes them back later without holding them (FerretDB/FerretDB#3040), so concurrent
 * `$inc`s on one document lose some, and a conditional update can win more than once. MongoDB makes
 * each single-document write atomic, and the API relies on that. So the tests reach FerretDB through
 * this proxy, which lets one write command at a time through per collection (reads pass freely),
 * for every client: test processes and API processes alike.
 * @param {number} targetPort
 */
async function startWriteSerializingProxy(targetPort) {
  /** @type {Map<string, Promise<unknown>>} */
  const tails = new Map();
  /** @type {(key: string, run: () => Promise<unknown>) => Promise<unknown>} */
  const exclusive = (key, run) => {
    const done = (tails.get(key) ?? Promise.resolve()).then(run);
    const tail = done.catch(() => {});
    tails.set(key, tail);
    tail.then(() => tails.get(key) === tail && tails.delete(key));
    return done;
  };
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const awaiting = new Map();
    let closed = false;
    /** @type {Promise<unknown>} */
    let queue = Promise.resolve();
    const end = () => {
      closed = true;
      client.destroy();
      upstream.destroy();
      for (const release of awaiting.values()) release();
      awaiting.clear();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', end).on('close', () => {
        sockets.delete(socket);
        end();
      });
    }
    onMessages(upstream, (reply) => {
      client.write(reply);
      const responseTo = reply.readInt32LE(8);
      awaiting.get(responseTo)?.();
      awaiting.delete(responseTo);
    });
    onMessages(client, (request) => {
      const target = writeTarget(request);
      const send = () =>
        /** @type {Promise<void>} */ (
          new Promise((release) => {
            if (closed) return release();
            if (target) awaiting.set(request.readInt32LE(4), release);
            upstream.write(request);
            if (!target) release();
          })
        );
      queue = queue.then(() => (target ? exclusive(target, send) : send()));
    });
  });
  const port = await freePort();
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve))
  );
  return {
    port,
    close() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * Starts PostgreSQL and FerretDB. `uri` is the MongoDB URI (FerretDB through the write-serializing
 * proxy); `stopFerretDb` and `startFerretDb` take FerretDB away and bring it back on the same port
 * (PostgreSQL keeps the data); `close` stops everything and deletes the directory (synchronous, so
 * it can also run on process exit).
 */
export async function startMongoTestServer() {
  const bin = findPostgresBin();
  const ferretdb = findFerretDb();
  if (!bin || !ferretdb) throw new Error(missingPrerequisite() ?? 'prerequisite missing');
  const dir = mkdtempSync(path.join(tmpdir(), 'courseport-mongo-'));
  const data = path.join(dir, 'pg');
  // PostgreSQL refuses to run as root: as root, it runs as the `postgres` user in a folder it owns.
  /** @type {(command: string, args: string[]) => [string, string[]]} */
  const asPostgres = (command, args) =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const pgCtl = (/** @type {string[]} */ ...args) => {
    const [command, argv] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
    return spawnSync(command, argv, { cwd: dir, encoding: 'utf8' });
  };

  /** @type {import('node:child_process').ChildProcess | null} */
  let ferret = null;
  /** @type {{ port: number, close(): void } | null} */
  let proxy = null;
  let pgStarted = false;
  const stopFerretDb = async () => {
    const child = ferret;
    ferret = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  };
  const close = () => {
    proxy?.close();
    proxy = null;
    ferret?.kill('SIGKILL');
    ferret = null;
    if (pgStarted) pgCtl('stop', '-m', 'immediate', '-w');
    pgStarted = false;
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };

  try {
    const [initdb, initArgs] = asPostgres(path.join(bin, 'initdb'), [
      ...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'],
    ]);
    const init = spawnSync(initdb, initArgs, { cwd: dir, encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);

    const pgPort = await freePort();
    const options = [
      `-p ${pgPort}`,
      `-k ${dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c max_connections=300',
      // Throwaway data: no durability needed.
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
    ];
    const log = path.join(dir, 'postgres.log');
    const started = pgCtl('start', '-w', '-t', '60', '-l', log, '-o', options.join(' '));
    if (started.status !== 0)
      throw new Error(`PostgreSQL did not start:\n${started.stdout}${started.stderr}${tail(log)}`);
    pgStarted = true;

    const postgresqlUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    const port = await freePort();
    const ferretLog = path.join(dir, 'ferretdb.log');
    const stateDir = path.join(dir, 'ferretdb');
    mkdirSync(stateDir);
    const startFerretDb = async () => {
      const out = openSync(ferretLog, 'a');
      ferret = spawn(
        ferretdb,
        [
          '--handler=postgresql',
          `--postgresql-url=${postgresqlUrl}`,
          `--state-dir=${stateDir}`,
          `--listen-addr=127.0.0.1:${port}`,
          '--debug-addr=-',
          '--telemetry=disable',
          '--log-level=warn',
        ],
        { stdio: ['ignore', out, out] },
      );
      for (let i = 0; i < 200; i++) {
        if (ferret.exitCode !== null) break;
        if (await accepts(port)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`FerretDB did not start:\n${tail(ferretLog)}`);
    };
    await startFerretDb();
    proxy = await startWriteSerializingProxy(port);
    return { uri: `mongodb://127.0.0.1:${proxy.port}/`, postgresqlUrl, startFerretDb, stopFerretDb, close };
  } catch (error) {
    close();
    throw error;
  }
}

/**
 * Sets MONGODB_URI for this process and the ones it starts, unless it (or MONGO_SKIP_REASON) is set
 * already; when the server cannot start, sets MONGO_SKIP_REASON and says so. Returns the server's
 * `close`, or null. On CI a missing binary sets no reason: .ci/run installs them, so the suites fail.
 */
export async function provideMongoTestServer() {
  if (process.env.MONGODB_URI || process.env.MONGO_SKIP_REASON) return null;
  const skip = (/** @type {string} */ reason) => {
    if (process.env.CI) {
      console.warn(`\n[mongo-test-server] ${reason}: on CI the MongoDB halves of the tests FAIL without it.\n`);
    } else {
      process.env.MONGO_SKIP_REASON = reason;
      console.warn(`\n[mongo-test-server] ${reason}: the MongoDB halves of the tests are SKIPPED.\n`);
    }
    return null;
  };
  const missing = missingPrerequisite();
  if (missing) return skip(missing);
  try {
    const server = await startMongoTestServer();
    process.env.MONGODB_URI = server.uri;
    process.once('exit', server.close);
    console.log(`[mongo-test-server] FerretDB on PostgreSQL at ${server.uri}`);
    return () => {
      process.off('exit', server.close);
      server.close();
    };
  } catch (error) {
    process.env.MONGO_SKIP_REASON = `FerretDB on PostgreSQL could not be started (${/** @type {Error} */ (error).message.trim()})`;
    console.warn(`\n[mongo-test-server] ${process.env.MONGO_SKIP_REASON}: the MongoDB halves are SKIPPED.\n`);
    return null;
  }
}

/** Vitest global setup. */
export default async function setup() {
  return (await provideMongoTestServer()) ?? undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  const given = process.env.MONGODB_URI;
  const close = await provideMongoTestServer();
  const exit = (/** @type {number} */ code) => {
    close?.();
    process.exit(code);
  };
  if (!command) {
    if (!close) {
      console.error(given ? `MONGODB_URI is set already: ${given}` : process.env.MONGO_SKIP_REASON);
      exit(1);
    }
    console.log(`MONGODB_URI=${process.env.MONGODB_URI} (Ctrl-C stops it)`);
    process.on('SIGINT', () => exit(0)).on('SIGTERM', () => exit(0));
    setInterval(() => {}, 1 << 30);
  } else {
    const child = spawn(command, args, { stdio: 'inherit' });
    // Ctrl-C reaches the command from the terminal; its exit cleans up.
    process.on('SIGINT', () => {}).on('SIGTERM', () => child.kill('SIGTERM'));
    child.once('exit', (code, signal) => exit(code ?? (signal ? 1 : 0)));
  }
}
