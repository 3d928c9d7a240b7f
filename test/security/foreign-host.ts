/** A host that is not the platform: counts what reaches it (the token must never arrive here). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForeignHost {
	origin: string;
	requests: Array<{ path: string; authorization?: string }>;
	close(): Promise<void>;
}

export async function startForeignHost(): Promise<ForeignHost> {
	const requests: ForeignHost['requests'] = [];
	const server = http.createServer((req, res) => {
		requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
		res.writeHead(200, { 'Content-Type': 'text/html' });
		res.end('<html><body>Welcome to other.example</body></html>');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		requests,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
