/** A minimal method + path router: patterns like `/api/user/leads/:id`. */

interface Route<H> {
	method: string;
	regex: RegExp;
	keys: string[];
	handler: H;
}

export type Match<H> =
	| { kind: 'found'; handler: H; params: Record<string, string> }
	| { kind: 'method-not-allowed'; allowed: string[] }
	| { kind: 'not-found' };

export class Router<H> {
	private routes: Array<Route<H>> = [];

	add(method: string, pattern: string, handler: H): this {
		const keys: string[] = [];
		const source = pattern
			.split('/')
			.map((part) => {
				if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
				keys.push(part.slice(1));
				return '([^/]+)';
			})
			.join('/');
		this.routes.push({ method: method.toUpperCase(), regex: new RegExp(`^${source}$`), keys, handler });
		return this;
	}

	match(method: string, path: string): Match<H> {
		const allowed: string[] = [];
		for (const route of this.routes) {
			const m = route.regex.exec(path);
			if (!m) continue;
			if (route.method !== method) {
				allowed.push(route.method);
				continue;
			}
			const params: Record<string, string> = {};
			route.keys.forEach((key, i) => (params[key] = decodeURIComponent(m[i + 1])));
			return { kind: 'found', handler: route.handler, params };
		}
		return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
	}
}
