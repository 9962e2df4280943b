import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * stripe-mock (#36): Stripe's own stand-in, which validates every request against Stripe's OpenAPI
 * description and answers with fixtures (stateless). `.ci/run` installs it with `go install
 * github.com/stripe/stripe-mock@v0.203.0`; locally it is found on PATH or in Go's bin folder.
 */
export interface StripeMock {
  /** `http://127.0.0.1:<port>`, for `STRIPE_API_BASE` or the SDK's host and port. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Where the stripe-mock binary is, or null when it is not installed. */
export function stripeMockBinary(): string | null {
  const candidates = [
    process.env.STRIPE_MOCK_BIN,
    path.join(process.env.GOPATH ?? path.join(homedir(), 'go'), 'bin', 'stripe-mock'),
  ].filter((p): p is string => Boolean(p));
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v stripe-mock'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Why the stripe-mock tests are skipped here (the binary is absent), or null when they run. CI must
 * run them: with `CI` set, a missing binary is an error instead (`.ci/run` installs it).
 */
export function stripeMockSkipReason(): string | null {
  if (stripeMockBinary()) return null;
  const reason =
    process.env.STRIPE_MOCK_SKIP_REASON ??
    'stripe-mock is not installed (go install github.com/stripe/stripe-mock@v0.203.0, or set STRIPE_MOCK_BIN)';
  if (process.env.CI && !process.env.STRIPE_MOCK_SKIP_REASON) {
    throw new Error(`CI must run the stripe-mock tests (.ci/run installs it): ${reason}`);
  }
  console.warn(`SKIPPING the stripe-mock tests: ${reason}.`);
  return reason;
}

/** Starts stripe-mock on free loopback ports; resolves once it listens. */
export async function startStripeMock(): Promise<StripeMock> {
  const binary = stripeMockBinary();
  if (!binary) throw new Error('stripe-mock is not installed');
  const child: ChildProcess = spawn(binary, ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> });
    const errors = createInterface({ input: child.stderr as NonNullable<ChildProcess['stderr']> });
    const output: string[] = [];
    const onLine = (line: string) => {
      output.push(line);
      const match = /Listening for HTTP at address: .*:(\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    };
    lines.on('line', onLine);
    errors.on('line', onLine);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`stripe-mock exited (${code}): ${output.join('\n')}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
