// Side-by-side A/B: starts bench/apiTarget.ts of two checkouts, loads them in alternation,
// prints server CPU us per request (min and median of rounds) for each endpoint.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import autocannon from 'autocannon';

const [kind, dbA, dbB, ...dirs] = process.argv.slice(2);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.AB_SECONDS ?? 2);
function cpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}
async function start(dir: string, db: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', `${dir}/bench/apiTarget.ts`, kind, ...(kind === 'postgres' ? [db] : [])], {
    cwd: dir, stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
  });
  const lines = readline.createInterface({ input: child.stdio[3] as Readable });
  const ready = await new Promise<{ url: string; targets: { path: string; headers: Record<string, string> }[] }>((resolve) =>
    lines.once('line', (l) => resolve(JSON.parse(l))));
  return { child, ready };
}
async function main() {
  const servers = [];
  for (let i = 0; i < dirs.length; i++) servers.push(await start(dirs[i], i === 0 ? dbA : dbB));
  for (let t = 0; t < 2; t++) {
    const cpu: number[][] = servers.map(() => []);
    const rps: number[][] = servers.map(() => []);
    for (const s of servers) await autocannon({ url: s.ready.url + s.ready.targets[t].path, headers: s.ready.targets[t].headers, connections: 100, duration: 1 });
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < servers.length; i++) {
        const s = servers[i];
        const before = cpuMs(s.child.pid!);
        const res = await autocannon({ url: s.ready.url + s.ready.targets[t].path, headers: s.ready.targets[t].headers, connections: 100, duration: SECONDS });
        const after = cpuMs(s.child.pid!);
        cpu[i].push(((after - before) * 1000) / res.requests.total);
        rps[i].push(res.requests.average);
        if (res.non2xx || res.errors) console.log('ERRORS', dirs[i], res.non2xx, res.errors);
      }
    }
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    servers.forEach((s, i) => console.log(`${kind} ${s.ready.targets[t].path.slice(0, 22)} ${dirs[i]}: cpu us/req min ${Math.min(...cpu[i]).toFixed(0)} med ${med(cpu[i]).toFixed(0)} | req/s med ${med(rps[i]).toFixed(0)}`));
  }
  for (const s of servers) s.child.kill('SIGTERM');
}
main();
