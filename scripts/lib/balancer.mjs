// One address in front of several n8n webhook processes, as a load balancer puts it in production:
// each request goes to the next process in turn (round robin), body and headers untouched, so a
// signature over the exact bytes still holds. The platform is given this address; a test that must
// reach one process in particular posts to that process's own origin instead.
import http from 'node:http';

import { freePort } from './n8n.mjs';

export async function startBalancer({ port } = {}) {
	port ??= await freePort();
	const targets = [];
	const served = new Map();
	let next = 0;
	const server = http.createServer((req, res) => {
		if (targets.length === 0) {
			res.writeHead(502).end('no webhook process yet');
			return;
		}
		const target = new URL(targets[next++ % targets.length]);
		served.set(target.origin, (served.get(target.origin) ?? 0) + 1);
		const upstream = http.request(
			{ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: `${target.hostname}:${target.port}` } },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', (error) => {
			if (!res.headersSent) res.writeHead(502);
			res.end(`upstream ${target.origin}: ${error.message}`);
		});
		req.pipe(upstream);
	});
	await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${port}`,
		/** Replaces the processes requests go to (origins). */
		setTargets(origins) {
			targets.splice(0, targets.length, ...origins);
		},
		/** origin → requests sent there */
		served,
		stop: () => new Promise((resolve) => server.close(() => resolve())),
	};
}
