/**
 * A throw-away nginx (Debian's package) in front of server processes: least_conn over loopback
 * upstreams with keep-alive, X-Forwarded-For for the servers' TRUST_PROXY, and an `X-Upstream`
 * response header naming the process that answered, so the bench can see where each request went.
 * Answers undefined where nginx is not installed (the caller says so loudly).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/free-port';

const NGINX_BINS = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

export function findNginx(): string | undefined {
  return NGINX_BINS.find((path) => existsSync(path));
}

export type Balancer = { baseUrl: string; stop: () => Promise<void> };

function config(port: number, upstreamPorts: number[], prefix: string): string {
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  return `
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(prefix, 'tmp')};
  proxy_temp_path ${join(prefix, 'tmp')};
  upstream store {
    least_conn;
${servers}
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export async function startBalancer(upstreamPorts: number[]): Promise<Balancer | undefined> {
  const nginx = findNginx();
  if (!nginx) return undefined;
  const prefix = mkdtempSync(join(tmpdir(), 'store-bench-nginx-'));
  // nginx's workers run as an unprivileged user: they must reach the temp directory.
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, 'tmp'), { mode: 0o777 });
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, config(port, upstreamPorts, prefix));
  const child: ChildProcess = spawn(nginx, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx exited (${child.exitCode}): ${log}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 10_000) throw new Error('nginx did not answer within 10 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM'); // nginx: fast shutdown
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
