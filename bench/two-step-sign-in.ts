/**
 * Two-step sign-in cost (issue 26: "Sign-in with TOTP adds < 5 ms p50 over sign-in without it (argon2
 * dominates)"). Through the built server over HTTP: RUNS sign-ins of an account without two-step sign-in
 * (password, session), then RUNS of an account with it (password, then the code), one after another.
 * Between two-step runs the bench, as the database owner, forgets the account's last code step and its
 * code attempts (not timed): a real person signs in once a minute at most, a bench many times a second.
 *
 * PostgreSQL only (the owner connection must reach the database while the server runs):
 * `DATABASE_URL=postgres://... npx tsx bench/two-step-sign-in.ts`. Needs `npm run build` first.
 */
import os from 'node:os';
import pg from 'pg';
import { SESSION_COOKIE } from '../src/shared/auth';
import { totpCodeAt } from '../src/server/modules/accounts/two-step/totp';
import { dropBenchDatabase, machine, prepareDatabase, request, startServer, stopServer, writeResults } from './server';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 3920);
const PASSWORD = 'bench-password';

const cookieOf = (setCookie: string[], name: string) => setCookie.find((c) => c.startsWith(`${name}=`))?.split(';')[0] ?? null;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL: this bench needs PostgreSQL');
  const { env, kind } = await prepareDatabase('two_step_bench', PORT, async () => {});
  const server = await startServer(PORT, env);
  const owner = new pg.Client({ connectionString: env.DATABASE_URL });
  await owner.connect();
  try {
    // admin@demo.test turns two-step sign-in on, as a person would.
    const admin = await request<unknown>(PORT, 'POST', '/api/auth/sign-in', { body: { email: 'admin@demo.test', password: PASSWORD } });
    const adminCookie = cookieOf(admin.setCookie, SESSION_COOKIE)!;
    const setup = await request<{ secret: string }>(PORT, 'POST', '/api/account/two-step/setup', { cookie: adminCookie });
    const enabled = await request<unknown>(PORT, 'POST', '/api/account/two-step/enable', { cookie: adminCookie, body: { code: totpCodeAt(setup.body.secret, Date.now()) } });
    if (enabled.status !== 200) throw new Error(`enable answered ${enabled.status}`);

    const plain: number[] = [];
    const twoStep: number[] = [];
    // The code's request alone: what the second step adds, without the two password hashes' own spread
    // (argon2 varies by several milliseconds from one hash to the next, more than the step costs).
    const codeOnly: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await request<unknown>(PORT, 'POST', '/api/auth/sign-in', { body: { email: 'staff@demo.test', password: PASSWORD } });
      plain.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);

      await owner.query(`update users set totp_last_step = null where email = 'admin@demo.test'`);
      await owner.query(`delete from platform_rate_limit_events where bucket = 'two_step_code'`);
      const code = totpCodeAt(setup.body.secret, Date.now());
      const began = performance.now();
      const first = await request<unknown>(PORT, 'POST', '/api/auth/sign-in', { body: { email: 'admin@demo.test', password: PASSWORD } });
      const codeSent = performance.now();
      const second = await request<unknown>(PORT, 'POST', '/api/auth/sign-in/two-step', { cookie: cookieOf(first.setCookie, 'two_step')!, body: { code } });
      const done = performance.now();
      twoStep.push(done - began);
      codeOnly.push(done - codeSent);
      if (first.status !== 202 || second.status !== 200) throw new Error(`two-step sign-in answered ${first.status} then ${second.status}`);
    }
    const lines = [
      `| Sign-in, password only | ${median(plain).toFixed(1)} ms |`,
      `| Sign-in, password then code (two requests) | ${median(twoStep).toFixed(1)} ms |`,
      `| Difference of the two medians | ${(median(twoStep) - median(plain)).toFixed(1)} ms |`,
      `| The code's request alone (what the second step adds) | ${median(codeOnly).toFixed(1)} ms |`,
    ];
    for (const line of lines) console.log(line);
    writeResults(`## Two-step sign-in, ${kind}`, [
      `## Two-step sign-in, ${kind}, ${new Date().toISOString().slice(0, 10)}`,
      '',
      `${RUNS} sign-ins of each kind, one after another, through HTTP (argon2id with the library's defaults). ${machine()}; load average ${os.loadavg()[0].toFixed(1)}.`,
      '',
      '| Sign-in | Median |',
      '| --- | --- |',
      ...lines,
      '',
    ].join('\n'));
  } finally {
    await owner.end();
    await stopServer(server);
    await dropBenchDatabase(env);
  }
}

await main();
